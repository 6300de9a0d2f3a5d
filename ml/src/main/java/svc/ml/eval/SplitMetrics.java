package svc.ml.eval;

/** Metrics of a model on one split: classification or regression. */
public sealed interface SplitMetrics permits ClassificationReport, RegressionReport {}
