package svc.ml.data;

/** The inferred kind of a raw column; decides how it is profiled and encoded. */
public enum ColumnType {
    /** Every present value parses as a decimal number. */
    NUMERIC,
    /** Free strings; encoded one-hot or by frequency. */
    CATEGORICAL,
    /** true/false, yes/no, y/n, t/f; encoded as 0/1. */
    BOOLEAN,
    /** ISO-8601 dates ({@code yyyy-MM-dd}, optionally with a time); encoded as epoch days. */
    DATE
}
