/**
 * Training: learners (Tribuo linear SGD and random forests, XGBoost gradient-boosted trees), a
 * seeded hyper-parameter search chosen on validation data, and the {@link svc.ml.train.TrainedModel}
 * artefact that saves to a directory and predicts from raw rows in a fresh process. Tribuo is used
 * only to fit; its linear weights and trees are exported to our own small forms
 * ({@link svc.ml.train.LinearModel}, {@link svc.ml.train.FlatTree}) so prediction and SHAP do not
 * depend on Tribuo internals.
 */
package svc.ml.train;
