package svc.config.settings;

/**
 * A named LLM provider. The key itself is never stored here, only the name of the environment
 * variable that holds it.
 */
public record ProviderConfig(String type, String apiKeyEnv, String baseUrl, Long maxRetries, Long timeout) {

    /** The only provider kind the settings file supports (DESIGN.md, "Decisions"). */
    public static final String ANTHROPIC = "anthropic";
    /** The first-party vendor's standard API-key variable. */
    public static final String ANTHROPIC_API_KEY_ENV = "ANTHROPIC_API_KEY";

    /** The provider named {@code default} that exists whenever the file does not define one. */
    public static final ProviderConfig IMPLICIT_DEFAULT =
            new ProviderConfig(ANTHROPIC, ANTHROPIC_API_KEY_ENV, null, null, null);

    /** This provider with the vendor's standard key variable when none is named. */
    public ProviderConfig withDefaults() {
        return new ProviderConfig(
                type, apiKeyEnv == null ? ANTHROPIC_API_KEY_ENV : apiKeyEnv, baseUrl, maxRetries, timeout);
    }
}
