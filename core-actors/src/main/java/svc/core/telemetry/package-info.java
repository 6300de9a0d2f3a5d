/** OTLP traces of runs, agents, model and tool calls, permission checks and HTTP requests. */
package svc.core.telemetry;
