package svc.config.features;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Which step of the resolution decided a feature's value. */
public enum FeatureSource {
    /** A per-user override. */
    USER,
    /** An override set at runtime (through the API). */
    RUNTIME,
    /** The variable {@code SVC_FEATURE_<NAME>}. */
    ENVIRONMENT,
    /** The variable of an older name of the flag, {@code SVC_FEATURE_<ALIAS>}. */
    ALIAS,
    /** Nothing overrode the flag. */
    DEFAULT;

    /** The lower-case name used in API answers: {@code runtime}, {@code environment}, ... */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
