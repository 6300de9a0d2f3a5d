package svc.ml.drift;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One PSI bin: its label (an interval such as {@code (40, 45]}, a value, a category or
 * {@code other}), the unfloored shares of reference and current rows in it, and its PSI term.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Bin(String label, double referenceShare, double currentShare, double psi) {}
