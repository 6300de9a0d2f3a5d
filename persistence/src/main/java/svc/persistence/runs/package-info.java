/** The read-side table of runs: one row per run with its state, template, profile and times. */
package svc.persistence.runs;
