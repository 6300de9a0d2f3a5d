package svc.cli.deploy;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.deployments.CustomerName;
import svc.deployments.DeploymentException;
import svc.deployments.scaffold.Scaffolder;
import svc.library.asset.AssetKind;
import svc.library.asset.Library;

/** {@code svc deploy new}: scaffolds a deployment directory; never overwrites one. */
@Command(
        name = "new",
        mixinStandardHelpOptions = true,
        description = {
            "Scaffold a customer deployment from a library template.",
            "Creates deployments/customers/<customer>/ with deployment.yaml (pinned to the newest version",
            "of the template), README.md, branding/ and knowledge/. The customer name is snake_case, 2 to 40",
            "characters. An existing directory is never overwritten (exit 1); a bad name or template exits 2."
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy new acme_bank --template=bfsi_baseline",
            "  svc deploy new st_marys --template=hipaa_baseline --root ~/src/svc"
        })
public final class NewDeploymentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RootOption root;

    @Parameters(index = "0", paramLabel = "CUSTOMER", description = "Customer name, snake_case, 2 to 40 characters.")
    private String customer;

    @Option(
            names = "--template",
            required = true,
            paramLabel = "TEMPLATE",
            description = "Library template to start from: generic_ml, bfsi_baseline or hipaa_baseline.")
    private String template;

    @Override
    public Integer call() {
        Library library = Library.builtIn();
        CustomerName.problem(customer).ifPresent(p -> {
            throw new CliException(ExitCodes.USAGE, p);
        });
        if (!library.names(AssetKind.TEMPLATE).contains(template)) {
            throw new CliException(
                    ExitCodes.USAGE,
                    "unknown template '" + template + "'; choose one of "
                            + String.join(", ", library.names(AssetKind.TEMPLATE)));
        }
        Path dir;
        try {
            dir = new Scaffolder(library).create(root.root(), customer, template);
        } catch (DeploymentException e) {
            throw new CliException(ExitCodes.FAILURE, e.getMessage());
        }
        spec.commandLine()
                .getOut()
                .println("created " + dir + " (" + template + "); next: edit " + dir.resolve("deployment.yaml")
                        + ", then svc deploy validate " + customer);
        return ExitCodes.OK;
    }
}
