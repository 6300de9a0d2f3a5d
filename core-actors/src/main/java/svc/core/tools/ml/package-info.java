/**
 * The ML engine in the agents' hands: one tool per step of the pipeline, each a thin layer over
 * {@code svc.ml} that reads and writes the run's directory and reports facts for routing.
 */
package svc.core.tools.ml;
