/**
 * Benchmarks: end-to-end drivers and timed throughput loops; never part of the test suite.
 */
package svc.bench;
