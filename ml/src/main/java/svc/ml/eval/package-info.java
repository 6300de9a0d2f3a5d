/**
 * Model evaluation: classification and regression metrics computed from labels and scores, and
 * the {@link svc.ml.eval.MetricsReport} written as {@code metrics.json}. No model types here, so
 * the fairness and drift code can reuse the same functions on plain arrays.
 */
package svc.ml.eval;
