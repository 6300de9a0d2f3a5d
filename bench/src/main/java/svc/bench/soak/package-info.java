/** The load soak: concurrent runs and API reads against one {@code svc server} for minutes, heap sampled. */
package svc.bench.soak;
