/**
 * Data drift between a reference sample (the training data) and a current sample (new traffic
 * or a later batch): the Population Stability Index per feature with the BFSI bands, and the
 * two-sample Kolmogorov-Smirnov statistic for numeric features. {@link svc.ml.drift.DriftReport}
 * is the {@code drift.json} artefact.
 */
package svc.ml.drift;
