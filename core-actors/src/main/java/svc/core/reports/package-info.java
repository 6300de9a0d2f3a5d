/** Reports over the read side: LLM spend by agent, run, model or provider over a time range. */
package svc.core.reports;
