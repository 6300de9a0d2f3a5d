/**
 * Throughput drivers for the governance guardrails (plain loops with a timed warm-up, no JMH), and
 * the trainer of the learned prompt-injection signal that governance ships.
 */
package svc.bench.governance;
