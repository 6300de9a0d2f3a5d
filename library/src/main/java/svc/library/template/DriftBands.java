package svc.library.template;

/**
 * PSI thresholds: at or above {@code watchPsi} a feature is reported as drifting, at or above
 * {@code blockPsi} it is treated as a significant shift.
 */
public record DriftBands(double watchPsi, double blockPsi) {}
