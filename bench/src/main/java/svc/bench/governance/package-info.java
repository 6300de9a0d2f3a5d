/**
 * Throughput drivers for the governance guardrails (plain loops with a timed warm-up, no JMH).
 */
package svc.bench.governance;
