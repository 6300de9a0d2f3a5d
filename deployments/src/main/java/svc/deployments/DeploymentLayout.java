package svc.deployments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where deployments live in a checkout: {@code <root>/deployments/customers/<customer>/}, each
 * holding {@code deployment.yaml}, {@code README.md}, {@code branding/} and {@code knowledge/}.
 *
 * <p>{@code _scaffold} is the default deployment that every ship carries; its leading
 * underscore keeps it out of the customer namespace (a customer name starts with a letter).
 */
public final class DeploymentLayout {

    public static final String CUSTOMERS_DIR = "deployments/customers";
    public static final String SCAFFOLD = "_scaffold";
    public static final String CONFIG_FILE = "deployment.yaml";
    public static final String README_FILE = "README.md";
    public static final String BRANDING_DIR = "branding";
    public static final String KNOWLEDGE_DIR = "knowledge";

    private DeploymentLayout() {}

    /** The customers folder of a checkout. */
    public static Path customersDir(Path root) {
        return root.resolve(CUSTOMERS_DIR);
    }

    /** The directory of one customer's deployment (it may not exist). */
    public static Path directoryOf(Path root, String customer) {
        return customersDir(root).resolve(customer);
    }

    /** Whether {@code name} is a directory name a deployment may have: a customer or the scaffold. */
    public static boolean isDeploymentName(String name) {
        return SCAFFOLD.equals(name) || CustomerName.isValid(name);
    }

    /** The deployments present under a checkout, sorted; the scaffold included. */
    public static List<String> deploymentNames(Path root) {
        Path dir = customersDir(root);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(DeploymentLayout::isDeploymentName)
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
