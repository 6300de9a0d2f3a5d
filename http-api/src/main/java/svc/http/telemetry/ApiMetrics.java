package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import svc.core.llm.providers.CompactionListener;
import svc.core.llm.providers.LlmCallListener;
import svc.core.llm.providers.LlmProviders;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Outcome;
import svc.governance.permission.DecisionListener;

/**
 * The server's Prometheus metrics, in their own registry (so two servers in one JVM, as in
 * tests, do not share counters). HTTP metrics label the route template, never the raw path, so
 * run ids cannot explode the label cardinality.
 */
public final class ApiMetrics {

    final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

    final Counter httpRequests = Counter.builder()
            .name("svc_http_requests_total")
            .help("HTTP requests by method, route template and status")
            .labelNames("method", "path", "status")
            .register(registry);
    final Histogram httpDuration = Histogram.builder()
            .name("svc_http_request_duration_seconds")
            .help("HTTP request latency by method and route template")
            .labelNames("method", "path")
            .classicOnly()
            .classicUpperBounds(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
            .register(registry);
    final Counter pipelineRuns = Counter.builder()
            .name("svc_pipeline_runs_total")
            .help("Runs reaching a state, by template and profile")
            .labelNames("state", "template", "profile")
            .register(registry);
    final Histogram pipelineDuration = Histogram.builder()
            .name("svc_pipeline_duration_seconds")
            .help("Run time from creation to the final state, by template and profile")
            .labelNames("template", "profile")
            .classicOnly()
            .classicUpperBounds(10, 30, 60, 120, 300, 600, 1800, 3600, 7200)
            .register(registry);
    final Gauge concurrentRuns = Gauge.builder()
            .name("svc_pipeline_concurrent_runs")
            .help("Runs running now in the whole cluster (from the admission queue)")
            .register(registry);
    final Counter agentRuns = Counter.builder()
            .name("svc_agent_runs_total")
            .help("Agent tasks finished, by agent and outcome")
            .labelNames("agent", "state")
            .register(registry);
    final Counter toolCalls = Counter.builder()
            .name("svc_tool_calls_total")
            .help("Tool results by tool and outcome")
            .labelNames("tool", "state")
            .register(registry);
    final Counter llmCalls = Counter.builder()
            .name("svc_llm_calls_total")
            .help("LLM answers by provider, model and agent tier")
            .labelNames("provider", "model", "tier", "state")
            .register(registry);
    final Counter llmCost = Counter.builder()
            .name("svc_llm_cost_usd_total")
            .help("LLM spend in US dollars")
            .labelNames("provider", "model")
            .register(registry);
    final Counter permissionDecisions = Counter.builder()
            .name("svc_permission_decisions_total")
            .help("Permission engine decisions (API role checks and agents' tool calls)")
            .labelNames("behavior", "source")
            .register(registry);
    final Counter toolDenied = Counter.builder()
            .name("svc_tool_denied_total")
            .help("Agents' tool calls denied, by tool and the rule source that denied")
            .labelNames("tool", "reason")
            .register(registry);
    final Counter llmTokens = Counter.builder()
            .name("svc_llm_tokens_total")
            .help("LLM tokens by provider, model and direction")
            .labelNames("provider", "model", "direction")
            .register(registry);
    final Histogram llmDuration = Histogram.builder()
            .name("svc_llm_call_duration_seconds")
            .help("LLM call latency, retries included")
            .labelNames("provider", "model")
            .register(registry);
    final Counter guardrailTriggered = Counter.builder()
            .name("guardrail_triggered_total")
            .help("Guardrail verdicts other than ALLOW, by guardrail and outcome")
            .labelNames("name", "outcome")
            .register(registry);
    final Counter guardrailBypass = Counter.builder()
            .name("guardrail_bypass_attempts_total")
            .help("Inputs that tried to get around a guardrail (e.g. disguised addresses)")
            .register(registry);
    final Histogram guardrailDuration = Histogram.builder()
            .name("guardrail_evaluation_duration_seconds")
            .help("Time one guardrail took on one payload")
            .labelNames("name")
            .register(registry);

    /** Records one answered request. */
    public void request(String method, String template, int status, double seconds) {
        httpRequests.labelValues(method, template, Integer.toString(status)).inc();
        httpDuration.labelValues(method, template).observe(seconds);
    }

    /** Counts the engine's decisions, on API role checks and on agents' tool calls. */
    public DecisionListener decisionListener() {
        return (request, decision) -> {
            permissionDecisions
                    .labelValues(decision.behavior().wireName(), decision.source())
                    .inc();
            if (decision.denied() && request.runId() != null) {
                toolDenied.labelValues(request.tool(), decision.source()).inc();
            }
        };
    }

    /** Feeds the guardrail metrics from every chain the platform runs. */
    public GuardrailListener guardrailListener() {
        return new GuardrailListener() {
            @Override
            public void triggered(String name, Outcome outcome) {
                guardrailTriggered.labelValues(name, outcome.name()).inc();
            }

            @Override
            public void bypassAttempt(String name, IntegrationPoint point, String reason) {
                guardrailBypass.inc();
            }

            @Override
            public void evaluated(String name, long nanos) {
                guardrailDuration.labelValues(name).observe(nanos / 1e9);
            }
        };
    }

    /** Token counts and latency of every model call (calls and spend come from the run stream). */
    public LlmProviders.Listeners llmListeners() {
        LlmCallListener calls = call -> {
            llmTokens
                    .labelValues(call.provider(), call.model(), "input")
                    .inc(Math.max(0, call.usage().inputTokens() - call.usage().cachedTokens()));
            llmTokens
                    .labelValues(call.provider(), call.model(), "output")
                    .inc(call.usage().outputTokens());
            llmTokens
                    .labelValues(call.provider(), call.model(), "cached")
                    .inc(call.usage().cachedTokens());
            llmDuration
                    .labelValues(call.provider(), call.model())
                    .observe(call.duration().toNanos() / 1e9);
        };
        return new LlmProviders.Listeners(calls, CompactionListener.NONE);
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
