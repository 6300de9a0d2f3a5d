/**
 * The model registry: every model a run registered, with its metrics, fairness verdict, model
 * card and lineage chain, its evaluations per split, and side-by-side comparisons; read from the
 * lineage tables and the runs' artefacts, never from journals.
 */
package svc.core.registry;
