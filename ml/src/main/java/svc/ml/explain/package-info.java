/**
 * SHAP explanations. Exact path-dependent TreeSHAP for our random-forest trees
 * ({@link svc.ml.explain.TreeShap}, written from Lundberg et al. 2018, Algorithm 2), XGBoost's
 * own exact TreeSHAP for boosters, and exact linear SHAP for linear models. Values are first
 * computed on the encoded model inputs and then summed back onto the raw columns
 * ({@link svc.ml.explain.ShapReport}).
 */
package svc.ml.explain;
