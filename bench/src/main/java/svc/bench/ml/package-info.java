/**
 * ML engine benchmark: accuracy, AUC and timings of every learner on Adult (official split) and
 * German credit (5-fold stratified cross-validation), plus SHAP timings. A plain main class, never
 * run by the test suite.
 */
package svc.bench.ml;
