package svc.governance.pii;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;

/**
 * Hand-written test vectors whose expected entities are marked inline, {@code [[US_SSN:078.05.1123]]},
 * so a reader sees the expectation in place and no offset is counted by hand. Loading strips the
 * markers and turns each into a labelled span of the clean text.
 */
final class MarkedVectors {

    record Span(String type, int start, int end) {}

    record Vector(String text, List<Span> entities, String note) {
        @Override
        public String toString() {
            return text.length() > 70 ? text.substring(0, 70) + "..." : text;
        }
    }

    private MarkedVectors() {}

    /** The vectors of a JSON-lines resource next to this class. */
    static List<Vector> load(String resource) {
        List<Vector> out = new ArrayList<>();
        try (InputStream in = MarkedVectors.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + resource + " not found");
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = Json.MAPPER.readTree(line);
                out.add(parse(n.get("text").asText(), n.path("note").asText("")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static Vector parse(String marked, String note) {
        StringBuilder clean = new StringBuilder(marked.length());
        List<Span> spans = new ArrayList<>();
        int at = 0;
        while (true) {
            int open = marked.indexOf("[[", at);
            if (open < 0) {
                clean.append(marked, at, marked.length());
                break;
            }
            int colon = marked.indexOf(':', open);
            int close = marked.indexOf("]]", open);
            if (colon < 0 || close < colon) {
                throw new IllegalArgumentException("bad marker in: " + marked);
            }
            clean.append(marked, at, open);
            String value = marked.substring(colon + 1, close);
            spans.add(new Span(marked.substring(open + 2, colon), clean.length(), clean.length() + value.length()));
            clean.append(value);
            at = close + 2;
        }
        return new Vector(clean.toString(), spans, note);
    }
}
