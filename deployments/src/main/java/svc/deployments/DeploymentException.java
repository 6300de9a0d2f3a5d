package svc.deployments;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A deployment cannot be used: it fails validation, is missing, or a ship step failed.
 * {@link #findings()} holds the individual problems when there are several, so a caller (the
 * CLI, the server at boot) can print them one per line.
 */
public final class DeploymentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<Finding> findings;

    public DeploymentException(String message) {
        super(message);
        this.findings = List.of();
    }

    public DeploymentException(String message, Throwable cause) {
        super(message, cause);
        this.findings = List.of();
    }

    public DeploymentException(String summary, List<Finding> findings) {
        super(summary + findings.stream().map(f -> "\n  " + f).collect(Collectors.joining()));
        this.findings = List.copyOf(findings);
    }

    /** The findings behind this failure; empty when the message says it all. */
    public List<Finding> findings() {
        return findings;
    }
}
