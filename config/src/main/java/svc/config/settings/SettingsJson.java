package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration for settings files: snake-case keys, and a duplicate key or
 * trailing garbage is a parse error rather than a silently overwritten value.
 */
public final class SettingsJson {

    static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .defaultPropertyInclusion(
                    JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.ALWAYS))
            .build();

    /** {@code "key": value}, and list items one per line, as people write settings by hand. */
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER))
            .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);

    private SettingsJson() {}

    /**
     * Pretty JSON of any settings record, in the file's own key names; fields that are {@code null}
     * (not written, no default) are left out.
     */
    public static String toPrettyJson(Object settingsRecord) {
        try {
            return MAPPER.writer(PRETTY).writeValueAsString(settingsRecord);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings records always serialize", e);
        }
    }
}
