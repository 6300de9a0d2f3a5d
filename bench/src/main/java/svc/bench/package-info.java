/**
 * Benchmarks: JMH for hot paths and end-to-end drivers; never part of the test suite.
 */
package svc.bench;
