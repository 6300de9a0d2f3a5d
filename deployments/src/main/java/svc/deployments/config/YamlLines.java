package svc.deployments.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The line of every key and list item of a YAML document, addressed by JSON pointer
 * ({@code /library/2}, {@code /permissions/rules/0/behavior}).
 *
 * <p>Records lose their source positions once mapped, yet a finding about a value is only
 * useful with its line; so the document is walked once with the streaming parser and the lines
 * kept on the side. A pointer that was never written answers the line of its nearest written
 * parent, so "field X is missing" points at the section it belongs in.
 */
public final class YamlLines {

    private final Map<String, Integer> lines;

    private YamlLines(Map<String, Integer> lines) {
        this.lines = lines;
    }

    /**
     * Indexes {@code text}.
     *
     * @throws IOException (a {@link com.fasterxml.jackson.core.JsonProcessingException}) when the
     *     text is not YAML; its location names the line
     */
    static YamlLines index(ObjectMapper yaml, String text) throws IOException {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser parser = yaml.createParser(text)) {
            if (parser.nextToken() != null) {
                walk(parser, "", lines);
            }
            while (parser.nextToken() != null) {
                // Drain so that syntax errors after the first document are still reported.
            }
        }
        return new YamlLines(lines);
    }

    /** The 1-based line of {@code pointer}, or of its nearest present parent; 0 if none is known. */
    public int lineOf(String pointer) {
        String p = pointer;
        while (true) {
            Integer line = lines.get(p);
            if (line != null) {
                return line;
            }
            if (p.isEmpty()) {
                return 0;
            }
            p = p.substring(0, p.lastIndexOf('/'));
        }
    }

    private static void walk(JsonParser parser, String pointer, Map<String, Integer> lines) throws IOException {
        lines.putIfAbsent(pointer, parser.currentTokenLocation().getLineNr());
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String child = pointer + "/" + parser.currentName();
                lines.put(child, parser.currentTokenLocation().getLineNr());
                parser.nextToken();
                walk(parser, child, lines);
            }
        } else if (token == JsonToken.START_ARRAY) {
            int index = 0;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                walk(parser, pointer + "/" + index++, lines);
            }
        }
    }
}
