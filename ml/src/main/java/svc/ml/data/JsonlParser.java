package svc.ml.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import svc.config.Json;

/**
 * JSON Lines: one flat object per line. Columns are the union of keys in first-seen order; a key
 * absent from a line is missing there. Nested values are refused with the line named.
 */
final class JsonlParser {

    private JsonlParser() {}

    static Dataset parse(Reader reader, String source, ReadOptions options) throws IOException {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<Map<Integer, String>> rows = new ArrayList<>();
        walk(reader, source, (node, lineNo) -> {
            Map<Integer, String> row = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                JsonNode v = e.getValue();
                int col = index.computeIfAbsent(e.getKey(), k -> index.size());
                String s = v.isNull() ? null : v.asText().trim();
                row.put(col, s == null || options.missingTokens().contains(s) ? null : s);
            }
            rows.add(row);
        });
        List<String[]> table = new ArrayList<>(rows.size());
        for (Map<Integer, String> row : rows) {
            String[] r = new String[index.size()];
            row.forEach((c, v) -> r[c] = v);
            table.add(r);
        }
        return Dataset.fromRows(new ArrayList<>(index.keySet()), table);
    }

    /** The same checks as {@link #parse} keeping only the column names: for files too large to hold. */
    static DatasetShape check(Reader reader, String source) throws IOException {
        Set<String> columns = new LinkedHashSet<>();
        long rows = walk(reader, source, (node, lineNo) -> node.fieldNames().forEachRemaining(columns::add));
        return new DatasetShape(DatasetShape.JSONL, new ArrayList<>(columns), rows);
    }

    /** One checked line: a flat JSON object and its line number. */
    private interface LineConsumer {
        void accept(JsonNode object, int lineNo);
    }

    /** Hands every non-blank line, checked to be a flat object, to {@code each}; answers the count. */
    private static long walk(Reader reader, String source, LineConsumer each) throws IOException {
        BufferedReader in = new BufferedReader(reader, 1 << 16);
        String text;
        int lineNo = 0;
        long rows = 0;
        while ((text = in.readLine()) != null) {
            lineNo++;
            if (text.isBlank()) {
                continue;
            }
            if (text.indexOf('\0') >= 0) {
                throw new DataLoadException(source + " line " + lineNo + ": NUL byte; the file looks binary");
            }
            JsonNode node;
            try {
                node = Json.MAPPER.readTree(text);
            } catch (JsonProcessingException e) {
                throw new DataLoadException(
                        source + " line " + lineNo + ": not valid JSON (" + e.getOriginalMessage() + ")");
            }
            if (!node.isObject()) {
                throw new DataLoadException(
                        source + " line " + lineNo + ": expected a JSON object, found " + node.getNodeType());
            }
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getValue().isContainerNode()) {
                    throw new DataLoadException(source + " line " + lineNo + ": field '" + e.getKey()
                            + "' is nested; only flat objects are supported");
                }
            }
            each.accept(node, lineNo);
            rows++;
        }
        if (rows == 0) {
            throw new DataLoadException(source + " has no JSON lines");
        }
        return rows;
    }
}
