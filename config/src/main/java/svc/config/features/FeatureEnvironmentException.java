package svc.config.features;

import java.util.List;

/**
 * One or more {@code SVC_FEATURE_*} variables are wrong; every one is named in the message, so
 * a server refuses to start with a half-applied environment.
 */
public final class FeatureEnvironmentException extends FeatureException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    FeatureEnvironmentException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One sentence per wrong variable, each starting with the variable's name. */
    public List<String> problems() {
        return problems;
    }
}
