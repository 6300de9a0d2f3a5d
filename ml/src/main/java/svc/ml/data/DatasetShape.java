package svc.ml.data;

import java.util.List;

/**
 * What a well-formed dataset file holds, found without keeping its rows: its format
 * ({@link #CSV} or {@link #JSONL}), its columns in file order and its data rows.
 */
public record DatasetShape(String format, List<String> columns, long rows) {

    public static final String CSV = "csv";
    public static final String JSONL = "jsonl";

    public DatasetShape {
        columns = List.copyOf(columns);
    }
}
