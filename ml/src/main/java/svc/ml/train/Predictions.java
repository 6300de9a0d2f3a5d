package svc.ml.train;

import java.util.List;

/**
 * Model outputs for a batch of rows. Classification fills {@code labels}, {@code probabilities}
 * ({@code [rows][classes]}, columns in {@code labels} order) and {@code predicted}; regression
 * fills {@code values}.
 */
public record Predictions(List<String> labels, double[][] probabilities, String[] predicted, double[] values) {}
