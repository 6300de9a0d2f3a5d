/** Prometheus metrics of the API and of runs, and the JSON request log. */
package svc.http.telemetry;
