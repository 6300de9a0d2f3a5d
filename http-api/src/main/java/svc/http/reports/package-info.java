/** Reports over HTTP: {@code GET /api/v1/reports/costs}, LLM spend grouped by agent, run, model or provider. */
package svc.http.reports;
