package svc.governance.scrub;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import svc.config.Json;
import svc.governance.pii.JsonStrings;
import svc.governance.pii.PiiRedactor;

/**
 * Scrubs one JSONL line: a JSON value has every string value, at any depth, passed through the PII
 * redactor. A line with nothing to redact is returned as the very same string (byte-identical, so
 * flushing never rewrites history needlessly); a redacted JSON object gains
 * {@code "_redacted": true}; a line that is not exactly one JSON value is returned untouched.
 * Field names are not scrubbed. A redacted top-level array or scalar cannot carry the marker and
 * is written without it. Thread-safe.
 */
public final class ConversationScrubber {

    public static final String MARKER = "_redacted";

    /** Numbers as written (a float read as a double could print differently); one value per line. */
    private static final ObjectReader LINE = Json.MAPPER
            .reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private final PiiRedactor redactor;

    public ConversationScrubber(PiiRedactor redactor) {
        this.redactor = Objects.requireNonNull(redactor, "redactor");
    }

    public static ConversationScrubber defaults() {
        return new ConversationScrubber(PiiRedactor.defaults());
    }

    public String scrubLine(String line) {
        if (line == null || line.isBlank()) {
            return line;
        }
        JsonNode parsed;
        try {
            parsed = LINE.readTree(line);
        } catch (JsonProcessingException e) {
            return line;
        }
        if (parsed == null || parsed.isMissingNode()) {
            return line;
        }
        JsonNode scrubbed = JsonStrings.map(parsed, s -> redactor.redact(s).text());
        if (scrubbed == parsed) {
            return line;
        }
        if (scrubbed.isObject()) {
            ((ObjectNode) scrubbed).put(MARKER, true);
        }
        try {
            return Json.MAPPER.writeValueAsString(scrubbed);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree just parsed must serialize", e);
        }
    }
}
