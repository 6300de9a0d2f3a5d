package svc.cli.deploy;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.deployments.DeploymentException;
import svc.deployments.Finding;
import svc.deployments.ship.BuildInfo;
import svc.deployments.ship.Shipper;
import svc.library.asset.Library;

/** {@code svc deploy ship}: tarball, MANIFEST.yaml and whitepaper for one customer. */
@Command(
        name = "ship",
        // Not mixinStandardHelpOptions: its -V/--version would take the release version option.
        description = {
            "Build the customer's tarball, MANIFEST.yaml and whitepaper.",
            "Writes svc-<customer>-<version>.tar.gz, MANIFEST.yaml and WHITEPAPER.md into --output.",
            "The tarball holds a positive list: core code (module poms and src/main), library, bin/, scripts/,",
            ".mvn/, top-level files, this customer's deployment and the default scaffold; never another",
            "customer, VCS data, tests, build output, caches, virtualenvs or node_modules. Two ships of the",
            "same tree give byte-identical tarballs (entries sorted, times fixed to SOURCE_DATE_EPOCH or 0,",
            "owners empty). Validation runs first: with an error nothing is written (exit 1)."
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy ship acme_bank --output=dist --version=1.4.0",
            "  SOURCE_DATE_EPOCH=$(git log -1 --format=%%ct) svc deploy ship acme_bank --output=dist"
        })
public final class ShipDeploymentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RootOption root;

    @Parameters(index = "0", paramLabel = "CUSTOMER", description = "The deployment to ship.")
    private String customer;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help message and exit.")
    private boolean help;

    @Option(
            names = "--output",
            required = true,
            paramLabel = "DIR",
            description = "Folder to write into (created if missing).")
    private Path output;

    @Option(
            names = "--version",
            paramLabel = "X.Y.Z",
            description = "Release version (default: the core version of the root pom).")
    private String version;

    @Option(
            names = "--skip-validate",
            description = "Ship even if validation finds errors (they are printed and recorded in the manifest).")
    private boolean skipValidate;

    @Override
    public Integer call() {
        Path checkout = root.root();
        Findings.directory(checkout, customer);
        PrintWriter err = spec.commandLine().getErr();
        OptionalLong epoch;
        try {
            epoch = BuildInfo.sourceDateEpoch(System.getenv("SOURCE_DATE_EPOCH"));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, e.getMessage());
        }
        Shipper.Result result;
        try {
            result = new Shipper(Library.builtIn())
                    .ship(new Shipper.Request(
                            checkout,
                            customer,
                            output.toAbsolutePath(),
                            Optional.ofNullable(version),
                            skipValidate,
                            BuildInfo.detect(checkout, epoch, Instant.now())));
        } catch (DeploymentException e) {
            throw Findings.failure(err, e);
        }
        result.warnings().forEach(err::println);
        if (result.warnings().stream().anyMatch(Finding::isError)) {
            err.println("svc: shipped with validation errors (--skip-validate)");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + result.tarball() + " ("
                + Findings.count(result.entries().size(), "file") + ", sha256 " + result.tarballSha256() + ")");
        out.println("wrote " + result.manifest());
        result.whitepaper().ifPresent(w -> out.println("wrote " + w));
        return ExitCodes.OK;
    }
}
