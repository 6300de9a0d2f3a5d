package svc.ml.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;

/**
 * JSON Lines: one flat object per line. Columns are the union of keys in first-seen order; a key
 * absent from a line is missing there. Nested values are refused with the line named.
 */
final class JsonlParser {

    private JsonlParser() {}

    static Dataset parse(Reader reader, String source, ReadOptions options) throws IOException {
        BufferedReader in = new BufferedReader(reader, 1 << 16);
        Map<String, Integer> index = new LinkedHashMap<>();
        List<Map<Integer, String>> rows = new ArrayList<>();
        String text;
        int lineNo = 0;
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
            Map<Integer, String> row = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                JsonNode v = e.getValue();
                if (v.isContainerNode()) {
                    throw new DataLoadException(source + " line " + lineNo + ": field '" + e.getKey()
                            + "' is nested; only flat objects are supported");
                }
                int col = index.computeIfAbsent(e.getKey(), k -> index.size());
                String s = v.isNull() ? null : v.asText().trim();
                row.put(col, s == null || options.missingTokens().contains(s) ? null : s);
            }
            rows.add(row);
        }
        if (rows.isEmpty()) {
            throw new DataLoadException(source + " has no JSON lines");
        }
        List<String[]> table = new ArrayList<>(rows.size());
        for (Map<Integer, String> row : rows) {
            String[] r = new String[index.size()];
            row.forEach((c, v) -> r[c] = v);
            table.add(r);
        }
        return Dataset.fromRows(new ArrayList<>(index.keySet()), table);
    }
}
