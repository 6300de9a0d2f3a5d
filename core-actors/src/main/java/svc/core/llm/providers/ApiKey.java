package svc.core.llm.providers;

import java.util.Optional;
import java.util.function.Function;

/**
 * A vendor key read from the environment variable the operator named. It never prints itself:
 * {@link #toString()} names only the variable, and {@link #redact} scrubs the key from any text
 * (a vendor error body that echoes it, say) before that text reaches a message or a log.
 */
public final class ApiKey {

    private final String variable;
    private final String value;

    private ApiKey(String variable, String value) {
        this.variable = variable;
        this.value = value;
    }

    /**
     * The key held by {@code variable}.
     *
     * @throws IllegalStateException naming the variable (never a value) when it is unset or blank
     */
    public static ApiKey required(String variable, String vendor, Function<String, String> env) {
        return optional(variable, env)
                .orElseThrow(() -> new IllegalStateException(
                        "the environment variable " + variable + " is not set: it must hold the " + vendor
                                + " API key (name another variable with the provider's api_key_env"
                                + " in the settings file)"));
    }

    /** The key held by {@code variable}, or empty when the variable is unset or blank. */
    public static Optional<ApiKey> optional(String variable, Function<String, String> env) {
        if (variable == null || variable.isBlank()) {
            return Optional.empty();
        }
        String value = env.apply(variable);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(new ApiKey(variable, value.strip()));
    }

    /** For the request header only. */
    String value() {
        return value;
    }

    public String variable() {
        return variable;
    }

    /** {@code text} with every occurrence of the key replaced. */
    public String redact(String text) {
        return text == null ? null : text.replace(value, "[REDACTED:" + variable + "]");
    }

    @Override
    public String toString() {
        return "ApiKey[" + variable + "]";
    }
}
