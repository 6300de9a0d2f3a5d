package svc.cli.deploy;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --root DIR}, shared by the deploy subcommands: the repository checkout holding
 * {@code deployments/customers/}. Without it the current folder or its nearest parent that has
 * a {@code pom.xml} and a {@code deployments/} folder, so the commands work from anywhere inside
 * a checkout.
 */
public final class RootOption {

    @Option(
            names = "--root",
            paramLabel = "DIR",
            description =
                    "Repository root holding deployments/customers/ (default: the checkout around the current folder).")
    private Path root;

    Path root() {
        if (root != null) {
            return root.toAbsolutePath().normalize();
        }
        Path cwd = Path.of("").toAbsolutePath();
        for (Path p = cwd; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("deployments"))) {
                return p;
            }
        }
        return cwd;
    }
}
