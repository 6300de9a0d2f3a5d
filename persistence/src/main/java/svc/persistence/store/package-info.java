/**
 * The artefact store: where run files (run.json, artefacts, conversations, model files) live,
 * chosen by {@code SVC_ARTIFACT_STORE}.
 */
package svc.persistence.store;
