/**
 * Figures of a model in service, from the answers it gave and the ground truth fed back later:
 * labelled outcomes per deployment ({@link svc.ml.online.Outcomes}), the one-sided significance
 * test between a champion and a challenger ({@link svc.ml.online.ProportionTest}), the Brier score
 * of one answer ({@link svc.ml.online.Scores}) and the canary rule that raises a challenger's share
 * or rolls it back ({@link svc.ml.online.CanaryRule}). Pure functions on plain values.
 */
package svc.ml.online;
