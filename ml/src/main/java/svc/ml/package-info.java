/**
 * Datasets, training, evaluation, fairness, drift, SHAP and reports: pure functions, no actors.
 */
package svc.ml;
