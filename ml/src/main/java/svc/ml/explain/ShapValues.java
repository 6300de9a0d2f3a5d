package svc.ml.explain;

import java.util.List;

/**
 * SHAP values on the encoded model inputs. For every row,
 * {@code base + sum(values[row]) == output[row]} (up to rounding), where output is the model
 * margin being explained ({@code outputUnit} says which).
 */
public record ShapValues(double base, double[][] values, double[] output, List<String> features, String outputUnit) {}
