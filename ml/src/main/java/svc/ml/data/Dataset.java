package svc.ml.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An immutable columnar table: named, typed columns of equal length. */
public final class Dataset {
    private final List<Column> columns;
    private final Map<String, Column> byName;
    private final int rowCount;

    public Dataset(List<Column> columns) {
        this.columns = List.copyOf(columns);
        this.byName = new LinkedHashMap<>();
        int rows = columns.isEmpty() ? 0 : columns.get(0).size();
        for (Column c : columns) {
            if (c.size() != rows) {
                throw new IllegalArgumentException(
                        "column '" + c.name() + "' has " + c.size() + " rows, expected " + rows);
            }
            if (byName.put(c.name(), c) != null) {
                throw new IllegalArgumentException("duplicate column name '" + c.name() + "'");
            }
        }
        this.rowCount = rows;
    }

    /** Builds a dataset from a header and raw rows (null = missing), inferring each column's type. */
    public static Dataset fromRows(List<String> header, List<String[]> rows) {
        List<Column> cols = new ArrayList<>(header.size());
        for (int c = 0; c < header.size(); c++) {
            String[] values = new String[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                values[r] = rows.get(r)[c];
            }
            cols.add(new Column(header.get(c), TypeInference.infer(values), values));
        }
        return new Dataset(cols);
    }

    public int rowCount() {
        return rowCount;
    }

    public int columnCount() {
        return columns.size();
    }

    public List<Column> columns() {
        return columns;
    }

    public List<String> columnNames() {
        List<String> names = new ArrayList<>(columns.size());
        columns.forEach(c -> names.add(c.name()));
        return Collections.unmodifiableList(names);
    }

    public boolean has(String name) {
        return byName.containsKey(name);
    }

    /** The named column; the error lists the available names. */
    public Column column(String name) {
        Column c = byName.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no column '" + name + "'; columns are " + byName.keySet());
        }
        return c;
    }

    /** The rows at the given indices, in that order (indices may repeat). */
    public Dataset select(int[] rows) {
        List<Column> out = new ArrayList<>(columns.size());
        for (Column c : columns) {
            out.add(c.select(rows));
        }
        return new Dataset(out);
    }

    public Dataset withColumn(Column column) {
        List<Column> out = new ArrayList<>(columns);
        out.removeIf(c -> c.name().equals(column.name()));
        out.add(column);
        return new Dataset(out);
    }

    public Dataset without(String name) {
        List<Column> out = new ArrayList<>(columns);
        out.removeIf(c -> c.name().equals(name));
        return new Dataset(out);
    }

    /** One row as raw strings by column name (null = missing), the shape inference accepts. */
    public Map<String, Object> row(int r) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Column c : columns) {
            m.put(c.name(), c.value(r));
        }
        return m;
    }
}
