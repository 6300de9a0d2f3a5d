/**
 * Tabular datasets: reading CSV and JSONL into a typed columnar {@link svc.ml.data.Dataset},
 * profiling, validation and leakage findings, target and sensitive-column guesses, a fitted
 * {@link svc.ml.data.Preprocessor} that turns raw rows into model inputs, and seeded stratified
 * splits. Everything here is a pure function of its inputs.
 */
package svc.ml.data;
