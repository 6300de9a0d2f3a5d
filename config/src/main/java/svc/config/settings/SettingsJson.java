package svc.config.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import svc.config.Json;

/**
 * Settings files are read and written with {@link Json#HAND_WRITTEN} (snake-case keys; a duplicate
 * key, an unknown field or trailing garbage is an error rather than a silently dropped value);
 * this class holds the layout people give the file.
 */
public final class SettingsJson {

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
            return Json.HAND_WRITTEN.writer(PRETTY).writeValueAsString(settingsRecord);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("settings records always serialize", e);
        }
    }
}
