package svc.governance.erasure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import svc.config.Json;

/**
 * Removes the rows of a dataset in which some cell equals the subject id exactly (after trimming
 * spaces and CSV unquoting). Equality, not search: a free-text column that happens to contain
 * the id is not a row <em>about</em> the subject, and deleting on a substring would destroy
 * unrelated records.
 *
 * <p>CSV: the first line is the header and is always kept; fields may be quoted with {@code "}
 * and {@code ""} escapes, but a quoted field spanning lines is refused (it would be cut in half).
 * JSONL: each line is one object; its top-level values are the cells (strings, and numbers by
 * their text). A line that is not valid is an error naming the line, never silently kept.
 */
public final class DatasetRowEraser {

    /** @param lines the remaining lines; {@code removed} the number of rows deleted */
    public record Result(List<String> lines, int removed) {
        public Result {
            lines = List.copyOf(lines);
        }
    }

    private DatasetRowEraser() {}

    public static Result csv(List<String> lines, String subjectId, char delimiter) {
        String id = InvalidSubjectIdException.requireValid(subjectId).strip();
        List<String> out = new ArrayList<>(lines.size());
        int removed = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (i == 0 || line.isBlank()) {
                out.add(line);
                continue;
            }
            if (cells(line, delimiter, i + 1).contains(id)) {
                removed++;
            } else {
                out.add(line);
            }
        }
        return new Result(out, removed);
    }

    public static Result csv(List<String> lines, String subjectId) {
        return csv(lines, subjectId, ',');
    }

    public static Result jsonl(List<String> lines, String subjectId) {
        String id = InvalidSubjectIdException.requireValid(subjectId).strip();
        List<String> out = new ArrayList<>(lines.size());
        int removed = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                out.add(line);
                continue;
            }
            if (hasCell(object(line, i + 1), id)) {
                removed++;
            } else {
                out.add(line);
            }
        }
        return new Result(out, removed);
    }

    private static boolean hasCell(JsonNode row, String id) {
        for (Map.Entry<String, JsonNode> field : row.properties()) {
            JsonNode v = field.getValue();
            if ((v.isTextual() || v.isNumber()) && v.asText().strip().equals(id)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode object(String line, int lineNumber) {
        try {
            JsonNode node = Json.MAPPER.readTree(line);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("line " + lineNumber + " is not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "line " + lineNumber + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** One CSV record's cells, unquoted and trimmed. */
    static List<String> cells(String line, char delimiter, int lineNumber) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"' && cell.toString().isBlank()) {
                quoted = true;
                cell.setLength(0);
            } else if (c == delimiter) {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("line " + lineNumber
                    + " has an unclosed quoted field; multi-line fields are " + "not supported by the row eraser");
        }
        cells.add(cell.toString().strip());
        return cells;
    }
}
