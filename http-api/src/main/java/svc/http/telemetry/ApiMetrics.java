package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import svc.governance.permission.DecisionListener;

/**
 * The server's Prometheus metrics, in their own registry (so two servers in one JVM, as in
 * tests, do not share counters). HTTP metrics label the route template, never the raw path, so
 * run ids cannot explode the label cardinality.
 */
public final class ApiMetrics {

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

  final Counter httpRequests =
      Counter.builder().name("svc_http_requests_total").help("HTTP requests by method, route template and status").labelNames("method", "path", "status").register(registry);
  final Histogram httpDuration =
      Histogram.builder()
          .name("svc_http_request_duration_seconds")
          .help("HTTP request latency by method and route template")
          .labelNames("method", "path")
          .classicOnly()
          .classicUpperBounds(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
          .register(registry);
  final Counter pipelineRuns =
      Counter.builder().name("svc_pipeline_runs_total").help("Runs reaching a state, by template and profile").labelNames("state", "template", "profile").register(registry);
  final Histogram pipelineDuration =
      Histogram.builder()
          .name("svc_pipeline_duration_seconds")
          .help("Run time from creation to the final state, by template and profile")
          .labelNames("template", "profile")
          .classicOnly()
          .classicUpperBounds(10, 30, 60, 120, 300, 600, 1800, 3600, 7200)
          .register(registry);
  final Gauge concurrentRuns = Gauge.builder().name("svc_pipeline_concurrent_runs").help("Runs running now on this node").register(registry);
  final Counter agentRuns =
      Counter.builder().name("svc_agent_runs_total").help("Agent tasks finished, by agent and outcome").labelNames("agent", "state").register(registry);
  final Counter toolCalls = Counter.builder().name("svc_tool_calls_total").help("Tool results by tool and outcome").labelNames("tool", "state").register(registry);
  final Counter llmCalls =
      Counter.builder().name("svc_llm_calls_total").help("LLM answers by provider, model and agent tier").labelNames("provider", "model", "tier", "state").register(registry);
  final Counter llmCost = Counter.builder().name("svc_llm_cost_usd_total").help("LLM spend in US dollars").labelNames("provider", "model").register(registry);
  final Counter permissionDecisions =
      Counter.builder().name("svc_permission_decisions_total").help("Permission engine decisions of the API").labelNames("behavior", "source").register(registry);

  /** Records one answered request. */
  public void request(String method, String template, int status, double seconds) {
    httpRequests.labelValues(method, template, Integer.toString(status)).inc();
    httpDuration.labelValues(method, template).observe(seconds);
  }

  /** Counts the engine's decisions on API role checks. */
  public DecisionListener decisionListener() {
    return (request, decision) -> permissionDecisions.labelValues(decision.behavior().wireName(), decision.source()).inc();
  }

  /** The text exposition format (version 0.0.4). */
  public byte[] scrape() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      writer.write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public String contentType() {
    return writer.getContentType();
  }
}
