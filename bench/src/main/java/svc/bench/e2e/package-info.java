/** End-to-end drivers: whole pipeline runs on a real platform, measured from outside. */
package svc.bench.e2e;
