/**
 * Batch jobs: a JSONL input streamed through a record processor (the run's model, echo, or a
 * named tool under governance) into {@code results.jsonl}, one line per input line, in order,
 * with a checkpoint in the journal every ten records so a crash resumes where it stopped.
 */
package svc.core.batch;
