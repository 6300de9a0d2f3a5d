/**
 * The model registry over HTTP: {@code /api/v1/models} (list and detail with metrics, fairness
 * verdict, model card, run, dataset and lineage chain) and {@code /api/v1/evaluations} (per split,
 * and two models compared on a shared test split).
 */
package svc.http.registry;
