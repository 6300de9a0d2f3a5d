package svc.config.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one Jackson configuration for settings files: snake-case keys, and a duplicate key or
 * trailing garbage is a parse error rather than a silently overwritten value.
 */
public final class SettingsJson {

  static final JsonMapper MAPPER =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.ALWAYS))
          .build();

  private SettingsJson() {}

  /**
   * Pretty JSON of any settings record, in the file's own key names; fields that are {@code null}
   * (not written, no default) are left out.
   */
  public static String toPrettyJson(Object settingsRecord) {
    try {
      return MAPPER.writeValueAsString(settingsRecord);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("settings records always serialize", e);
    }
  }
}
