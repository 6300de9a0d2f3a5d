package svc.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;

/**
 * Prints answers: pretty JSON by default (what scripts parse, with {@code jq}), or a table of a
 * list envelope's items for people, with one line under it when the page is not everything.
 */
public final class Output {

    /** Cells longer than this are cut, so one long problem statement cannot push columns off screen. */
    static final int MAX_CELL = 48;

    private final PrintWriter out;

    public Output(PrintWriter out) {
        this.out = out;
    }

    public void json(JsonNode node) {
        out.println(Json.writePretty(node));
        out.flush();
    }

    /** A list envelope ({@code items, total, limit, offset}) as JSON, or as a table of {@code columns}. */
    public void list(JsonNode envelope, boolean table, List<Column> columns) {
        if (!table) {
            json(envelope);
            return;
        }
        List<JsonNode> items = new ArrayList<>();
        envelope.path("items").forEach(items::add);
        out.print(table(items, columns));
        int total = envelope.path("total").asInt(items.size());
        int offset = envelope.path("offset").asInt(0);
        if (items.isEmpty() && total == 0) {
            out.println("(none)");
        } else if (items.size() < total) {
            out.println("(" + (items.isEmpty() ? "none" : (offset + 1) + "-" + (offset + items.size())) + " of " + total
                    + "; see more with --offset and --limit)");
        }
        out.flush();
    }

    /** The rows, columns padded to their widest cell and separated by two spaces. */
    static String table(List<JsonNode> items, List<Column> columns) {
        List<String[]> rows = new ArrayList<>();
        rows.add(columns.stream().map(Column::header).toArray(String[]::new));
        for (JsonNode item : items) {
            rows.add(columns.stream().map(c -> cell(c.cell().apply(item))).toArray(String[]::new));
        }
        int[] widths = new int[columns.size()];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : pad(row[i], widths[i] + 2));
            }
            text.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return text.toString();
    }

    private static String cell(String value) {
        if (value == null || value.isBlank()) {
            return "-";
        }
        String flat = value.strip().replaceAll("\\s+", " ");
        return flat.length() <= MAX_CELL ? flat : flat.substring(0, MAX_CELL - 1) + "…";
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
