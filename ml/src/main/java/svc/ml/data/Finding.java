package svc.ml.data;

/**
 * One observation about a dataset. {@code column} is null for dataset-wide findings.
 *
 * @param code stable machine-readable code, e.g. {@code LEAKAGE}, {@code CONSTANT_COLUMN}
 */
public record Finding(Severity severity, String code, String column, String message) {}
