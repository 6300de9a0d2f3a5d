package svc.ml.data;

import java.util.Objects;

/**
 * One typed column. The raw strings are kept (null = missing) so that categorical work and
 * re-typing never lose information; {@code numbers} is the numeric view used by models
 * (NaN where missing or where the type is categorical).
 */
public final class Column {
    private final String name;
    private final ColumnType type;
    private final String[] values;
    private final double[] numbers;

    Column(String name, ColumnType type, String[] values) {
        this.name = Objects.requireNonNull(name);
        this.type = Objects.requireNonNull(type);
        this.values = values;
        this.numbers = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            numbers[i] = values[i] == null ? Double.NaN : ValueParsing.toNumber(type, values[i]);
        }
    }

    /** Builds a column from raw strings (null = missing), inferring its type. */
    public static Column of(String name, String[] values) {
        return new Column(name, TypeInference.infer(values), values.clone());
    }

    /** Builds a column with a given type; values must parse as that type. */
    public static Column of(String name, ColumnType type, String[] values) {
        return new Column(name, type, values.clone());
    }

    public String name() {
        return name;
    }

    public ColumnType type() {
        return type;
    }

    public int size() {
        return values.length;
    }

    public boolean isMissing(int row) {
        return values[row] == null;
    }

    /** The raw string at a row, or null when missing. */
    public String value(int row) {
        return values[row];
    }

    /** The numeric view: the number, 0/1 for booleans, epoch day for dates, NaN otherwise. */
    public double number(int row) {
        return numbers[row];
    }

    public boolean isNumericLike() {
        return type != ColumnType.CATEGORICAL;
    }

    public int missingCount() {
        int n = 0;
        for (String v : values) {
            if (v == null) {
                n++;
            }
        }
        return n;
    }

    Column select(int[] rows) {
        String[] out = new String[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = values[rows[i]];
        }
        return new Column(name, type, out);
    }
}
