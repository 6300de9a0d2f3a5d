package svc.cli.deploy;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.deployments.CustomerName;
import svc.deployments.DeploymentException;
import svc.deployments.DeploymentLayout;
import svc.deployments.Finding;

/** Output helpers the deploy subcommands share: finding lines and the "which deployment" check. */
final class Findings {

    private Findings() {}

    static void print(PrintWriter out, List<Finding> findings) {
        findings.forEach(out::println);
    }

    /** The deployment directory of {@code customer}, or a one-line failure naming the known ones. */
    static Path directory(Path root, String customer) {
        if (!DeploymentLayout.isDeploymentName(customer)) {
            // Also keeps "../elsewhere" from reaching outside deployments/customers/.
            throw new CliException(
                    ExitCodes.USAGE, CustomerName.problem(customer).orElseThrow());
        }
        Path dir = DeploymentLayout.directoryOf(root, customer);
        if (!Files.isDirectory(dir)) {
            List<String> known = DeploymentLayout.deploymentNames(root);
            throw new CliException(
                    ExitCodes.FAILURE,
                    "no deployment '" + customer + "' under "
                            + DeploymentLayout.customersDir(root) + "; known: "
                            + (known.isEmpty() ? "none" : String.join(", ", known))
                            + " (svc deploy new " + customer + " --template=... creates one)");
        }
        return dir;
    }

    /** Prints the findings of a failure on stderr, one per line, and turns it into a one-line exit. */
    static CliException failure(PrintWriter err, DeploymentException e) {
        if (e.findings().isEmpty()) {
            return new CliException(ExitCodes.FAILURE, e.getMessage());
        }
        print(err, e.findings());
        String summary = e.getMessage().lines().findFirst().orElse("failed");
        return new CliException(ExitCodes.FAILURE, summary);
    }

    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
