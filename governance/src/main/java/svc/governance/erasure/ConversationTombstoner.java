package svc.governance.erasure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import svc.config.Json;

/**
 * Replaces the conversation lines (JSONL) that mention a subject with tombstones, keeping line
 * order and count, so sequence numbers and references from other records stay valid.
 *
 * <p>A JSON line mentions the subject when any string or number inside it (at any depth, except
 * the platform's own {@code seq} and {@code ts}) contains the id standing alone (see
 * {@link SubjectMatcher}); values are compared after JSON unescaping, so an id with quotes or
 * backslashes is still found. A line that is not JSON is searched as raw text. A tombstone keeps
 * {@code seq}, {@code ts}, {@code agent}, {@code role}, {@code run_id} when present and not
 * themselves mentioning the subject, and carries {@code content: "[SUBJECT_DELETED]"},
 * {@code deleted_subject} and {@code deleted_at}. Lines already tombstoned are left alone, so
 * running the erasure twice changes nothing.
 */
public final class ConversationTombstoner {

    public static final String MARKER = "[SUBJECT_DELETED]";
    private static final List<String> KEPT = List.of("seq", "ts", "agent", "role", "run_id");
    /**
     * Written by the platform, never by a person: not searched, so subject {@code 42} does not hit
     * {@code "seq": 42}.
     */
    private static final Set<String> SYSTEM_FIELDS = Set.of("seq", "ts");

    /** @param lines the file's lines, unchanged where the subject is not mentioned */
    public record Result(List<String> lines, int tombstoned) {
        public Result {
            lines = List.copyOf(lines);
        }
    }

    private ConversationTombstoner() {}

    /** @throws InvalidSubjectIdException when {@code subjectId} is blank */
    public static Result tombstone(List<String> lines, String subjectId, Instant deletedAt) {
        SubjectMatcher matcher = new SubjectMatcher(subjectId);
        List<String> out = new ArrayList<>(lines.size());
        int count = 0;
        for (String line : lines) {
            JsonNode node = parse(line);
            boolean mentions = node == null ? matcher.mentionedIn(line) : mentionsOutsideSystemFields(node, matcher);
            if (!mentions || isTombstone(node)) {
                out.add(line);
            } else {
                out.add(tombstoneFor(node, matcher, subjectId, deletedAt));
                count++;
            }
        }
        return new Result(out, count);
    }

    private static String tombstoneFor(JsonNode original, SubjectMatcher matcher, String subjectId, Instant deletedAt) {
        ObjectNode t = Json.object();
        if (original != null && original.isObject()) {
            for (String key : KEPT) {
                JsonNode v = original.get(key);
                if (v != null && v.isValueNode() && !mentions(v, matcher)) {
                    t.set(key, v);
                }
            }
        }
        t.put("content", MARKER);
        t.put("deleted_subject", subjectId);
        t.put("deleted_at", deletedAt.toString());
        return t.toString();
    }

    private static boolean isTombstone(JsonNode node) {
        return node != null
                && node.isObject()
                && MARKER.equals(node.path("content").asText(null))
                && node.has("deleted_subject");
    }

    private static boolean mentionsOutsideSystemFields(JsonNode line, SubjectMatcher matcher) {
        if (!line.isObject()) {
            return mentions(line, matcher);
        }
        for (var field : line.properties()) {
            if (!SYSTEM_FIELDS.contains(field.getKey()) && mentions(field.getValue(), matcher)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentions(JsonNode node, SubjectMatcher matcher) {
        if (node.isTextual()) {
            return matcher.mentionedIn(node.textValue());
        }
        if (node.isNumber()) {
            return matcher.mentionedIn(node.asText());
        }
        for (JsonNode child : node) {
            if (mentions(child, matcher)) {
                return true;
            }
        }
        return false;
    }

    /** The line as JSON, or null when it is not JSON (blank lines included). */
    private static JsonNode parse(String line) {
        if (line.isBlank()) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
