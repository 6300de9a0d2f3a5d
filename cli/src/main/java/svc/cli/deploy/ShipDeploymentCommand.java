package svc.cli.deploy;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
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
import svc.deployments.ship.ShipSbom;
import svc.deployments.ship.ShipSigning;
import svc.deployments.ship.Shipper;
import svc.governance.signing.Digests;
import svc.governance.signing.Ed25519Signer;
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
            "owners empty). Validation runs first: with an error nothing is written (exit 1).",
            "Then it writes the tarball's CycloneDX 1.5 SBOM (svc-<customer>-<version>.cdx.json: the tarball's and",
            "each entry's SHA-256, and the libraries of the build SBOM cli/target/svc-bom.json) and signs tarball",
            "and SBOM with the Ed25519 key pair in --key-dir (<file>.sig and <file>.receipt.json beside each);",
            "svc deploy verify checks them."
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy keygen keys/ship",
            "  svc deploy ship acme_bank --output=dist --version=1.4.0 --key-dir=keys/ship",
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

    @Option(
            names = "--key-dir",
            paramLabel = "DIR",
            description = "Ed25519 key pair that signs tarball and SBOM (default: $SVC_SIGNING_KEY_DIR; "
                    + "svc deploy keygen DIR makes one).")
    private Path keyDir;

    @Option(
            names = "--signer",
            paramLabel = "DRIVER",
            defaultValue = "ed25519",
            description = "ed25519 (default). cosign_keyless is refused: it cannot be tested here.")
    private String signer;

    @Override
    public Integer call() {
        Ed25519Signer key = signingKey();
        Path checkout = root.root();
        Findings.directory(checkout, customer);
        PrintWriter err = spec.commandLine().getErr();
        OptionalLong epoch;
        try {
            epoch = BuildInfo.sourceDateEpoch(System.getenv("SOURCE_DATE_EPOCH"));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, e.getMessage());
        }
        BuildInfo build = BuildInfo.detect(checkout, epoch, Instant.now());
        Shipper.Result result;
        try {
            result = new Shipper(Library.builtIn())
                    .ship(new Shipper.Request(
                            checkout,
                            customer,
                            output.toAbsolutePath(),
                            Optional.ofNullable(version),
                            skipValidate,
                            build));
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
        String name = result.tarball().getFileName().toString();
        String shipped = name.substring(("svc-" + customer + "-").length(), name.length() - ".tar.gz".length());
        Path sbom;
        try {
            sbom = ShipSbom.write(
                    result.tarball(), shipped, build.timestamp(), Optional.of(checkout.resolve(ShipSbom.BUILD_SBOM)));
        } catch (IOException e) {
            throw new CliException(ExitCodes.FAILURE, "cannot write the SBOM of " + result.tarball() + ": " + e);
        }
        out.println("wrote " + sbom);
        ShipSigning.sign(result.tarball(), sbom, key);
        out.println("signed " + result.tarball().getFileName() + " and " + sbom.getFileName() + " with " + key.driver()
                + " key " + Digests.fingerprint(key.publicKey()));
        return ExitCodes.OK;
    }

    /** The signing key, checked before anything is written. */
    private Ed25519Signer signingKey() {
        if (signer.equals("cosign_keyless")) {
            throw new CliException(
                    ExitCodes.USAGE,
                    "--signer cosign_keyless is refused: keyless signing (a Fulcio certificate and a Rekor"
                            + " transparency-log entry) has not been tested on the machines svc is built on, and"
                            + " svc deploy verify checks Ed25519 only; use --signer ed25519");
        }
        if (!signer.equals("ed25519")) {
            throw new CliException(ExitCodes.USAGE, "unknown --signer '" + signer + "'; expected ed25519");
        }
        Path dir = keyDir;
        if (dir == null) {
            String env = System.getenv("SVC_SIGNING_KEY_DIR");
            if (env == null || env.isBlank()) {
                throw new CliException(
                        ExitCodes.USAGE,
                        "ship signs the tarball and its SBOM: give --key-dir DIR (or SVC_SIGNING_KEY_DIR) with an"
                                + " Ed25519 key pair; svc deploy keygen DIR makes one");
            }
            dir = Path.of(env);
        }
        try {
            return Ed25519Signer.load(dir, Clock.systemUTC());
        } catch (RuntimeException e) {
            throw new CliException(ExitCodes.USAGE, "no usable signing key in " + dir + ": " + e.getMessage());
        }
    }
}
