/**
 * Fairness audit of a binary classifier's decisions across sensitive groups, the BFSI fairness
 * gate (demographic parity difference above a threshold blocks deployment) and two mitigations a
 * retraining agent can ask for: Kamiran-Calders reweighing and per-group decision thresholds.
 *
 * <p>Inputs are plain arrays (labels, scores, one group label per row and attribute) so that the
 * actor core can feed predictions from any learner; {@link svc.ml.fairness.FairnessReport} is
 * the {@code fairness.json} artefact.
 */
package svc.ml.fairness;
