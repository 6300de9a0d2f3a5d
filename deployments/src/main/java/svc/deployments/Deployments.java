package svc.deployments;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.deployments.config.DeploymentChecker;
import svc.deployments.config.DeploymentReader;
import svc.deployments.config.Merger;
import svc.library.asset.Library;

/**
 * The entry point for reading deployments: {@link #load} for the server at boot (with the path
 * from {@code SVC_DEPLOYMENT}), {@link #validate} for tools that want every finding.
 */
public final class Deployments {

    private Deployments() {}

    /** The outcome of reviewing a deployment directory. */
    public record Validation(Path directory, List<Finding> findings, Optional<Deployment> deployment) {

        public Validation {
            findings = findings.stream().sorted(Finding.READING_ORDER).toList();
        }

        public boolean hasErrors() {
            return findings.stream().anyMatch(Finding::isError);
        }

        public long errorCount() {
            return findings.stream().filter(Finding::isError).count();
        }

        public long warningCount() {
            return findings.size() - errorCount();
        }
    }

    /**
     * Loads the effective deployment in {@code directory} against the built-in library shelf.
     *
     * @throws DeploymentException listing every error finding, when there is any
     */
    public static Deployment load(Path directory) {
        return load(directory, Library.builtIn());
    }

    /** The environment variable naming the deployment folder the server boots with. */
    public static final String ENV = "SVC_DEPLOYMENT";

    /**
     * The deployment {@code SVC_DEPLOYMENT} selects, loaded; empty when the variable is unset or
     * blank (the server then runs on its built-in defaults).
     *
     * @throws DeploymentException when the variable names a folder that is not a valid deployment:
     *     a server must not start on half a configuration
     */
    public static Optional<Deployment> fromEnvironment(Map<String, String> env) {
        String value = env.get(ENV);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(load(Path.of(value.strip())));
    }

    /** As {@link #load(Path)}, against a given shelf. */
    public static Deployment load(Path directory, Library library) {
        Validation validation = validate(directory, library);
        if (validation.hasErrors()) {
            throw new DeploymentException(
                    "deployment " + directory + " is not valid (" + validation.errorCount() + " error(s))",
                    validation.findings().stream().filter(Finding::isError).toList());
        }
        return validation.deployment().orElseThrow();
    }

    /** Every finding for {@code directory}, and the effective deployment when there is no error. */
    public static Validation validate(Path directory, Library library) {
        Path dir = directory.toAbsolutePath().normalize();
        List<Finding> findings = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            findings.add(Finding.error(".", 0, "no deployment directory at " + dir));
            return new Validation(dir, findings, Optional.empty());
        }
        if (!Files.isRegularFile(dir.resolve(DeploymentLayout.README_FILE))) {
            findings.add(Finding.warning(
                    DeploymentLayout.README_FILE,
                    0,
                    "missing: say who the customer is, who owns the deployment and why it departs from the template"));
        }
        Optional<DeploymentReader.Parsed> parsed = DeploymentReader.read(dir, findings);
        if (parsed.isEmpty()) {
            return new Validation(dir, findings, Optional.empty());
        }
        Optional<DeploymentChecker.Resolved> resolved = DeploymentChecker.check(parsed.get(), dir, library, findings);
        boolean errors = findings.stream().anyMatch(Finding::isError);
        Optional<Deployment> deployment = errors || resolved.isEmpty()
                ? Optional.empty()
                : Optional.of(Merger.merge(parsed.get(), dir, resolved.get()));
        return new Validation(dir, findings, deployment);
    }

    /** {@link #validate(Path, Library)} with the built-in shelf. */
    public static Validation validate(Path directory) {
        return validate(directory, Library.builtIn());
    }
}
