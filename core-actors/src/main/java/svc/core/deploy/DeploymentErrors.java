package svc.core.deploy;

/**
 * Failures of deployment and inference operations beyond {@code RunErrors}' 404/400/409, which a
 * caller (the API) turns into problem details.
 */
public final class DeploymentErrors {

    private DeploymentErrors() {}

    /** The permission engine refused the action (403 naming the rule source). */
    public static final class Denied extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final String ruleSource;

        public Denied(String ruleSource, String reason) {
            super(reason);
            this.ruleSource = ruleSource;
        }

        public String ruleSource() {
            return ruleSource;
        }
    }

    /** The rows are well-formed but the model cannot predict them (422). */
    public static final class Unprocessable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Unprocessable(String message) {
            super(message);
        }
    }
}
