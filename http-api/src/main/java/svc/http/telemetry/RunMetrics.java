package svc.http.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import svc.core.agent.AgentDirectory;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;

/**
 * Run, agent, tool and LLM metrics fed from the live stream of every run. It runs on the
 * publishing entity's thread, so it only counts. A run's template and profile are learned when
 * it is started through the API; runs woken after a restart are labelled {@code unknown}.
 * {@code svc_pipeline_duration_seconds} times runs seen from their creation. Token counts are not
 * in the stream messages, so {@code svc_llm_tokens_total} is not exported.
 */
public final class RunMetrics {

    private record Labels(String template, String profile) {}

    private static final Labels UNKNOWN = new Labels("unknown", "unknown");

    /** When each run seen from its creation was created (runs woken after a restart are not timed). */
    private final Map<String, Instant> createdAt = new ConcurrentHashMap<>();

    private final ApiMetrics metrics;
    private final AgentDirectory agents;
    private final String provider;
    private final Map<String, Labels> labels = new ConcurrentHashMap<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    public RunMetrics(ApiMetrics metrics, AgentDirectory agents, String provider) {
        this.metrics = metrics;
        this.agents = agents;
        this.provider = provider;
    }

    public LiveEventHub.Subscription attach(LiveEventHub hub) {
        return hub.subscribe(LiveEventHub.ALL_RUNS, m -> onMessage(m.json(), m.finalMessage()));
    }

    /** A run started through the API; counts its {@code queued} state with the right labels. */
    public void started(RunView run) {
        labels.put(run.runId(), new Labels(run.template(), run.profile()));
    }

    void onMessage(JsonNode m, boolean last) {
        String type = m.path("type").asText();
        String runId = m.path("run_id").asText();
        switch (type) {
            case "state" -> {
                if (m.has("state")) {
                    String state = m.get("state").asText();
                    Labels l = labels.getOrDefault(runId, UNKNOWN);
                    metrics.pipelineRuns
                            .labelValues(state, l.template(), l.profile())
                            .inc();
                    if (state.equals("running")) {
                        running.add(runId);
                    } else {
                        running.remove(runId);
                    }
                    metrics.concurrentRuns.set(running.size());
                    if (m.path("event").asText().equals("RunCreated")) {
                        createdAt.put(runId, Instant.parse(m.path("ts").asText()));
                    }
                }
                if (last) {
                    Labels l = labels.getOrDefault(runId, UNKNOWN);
                    Instant created = createdAt.remove(runId);
                    if (created != null) {
                        Instant ended = Instant.parse(m.path("ts").asText());
                        double seconds = Duration.between(created, ended).toMillis() / 1000.0;
                        metrics.pipelineDuration
                                .labelValues(l.template(), l.profile())
                                .observe(Math.max(0, seconds));
                    }
                    labels.remove(runId);
                }
            }
            case "task_finished" ->
                metrics.agentRuns
                        .labelValues(m.path("agent").asText(), m.path("ok").asBoolean() ? "ok" : "failed")
                        .inc();
            case "tool_result", "training_log" ->
                metrics.toolCalls
                        .labelValues(m.path("tool").asText(), m.path("is_error").asBoolean() ? "error" : "ok")
                        .inc();
            case "tool_call", "agent_message" -> {
                if (m.has("model")) {
                    String model = m.path("model").asText();
                    String tier = agents.find(m.path("agent").asText())
                            .map(a -> a.tier().name().toLowerCase(Locale.ROOT))
                            .orElse("unknown");
                    metrics.llmCalls.labelValues(provider, model, tier, "ok").inc();
                    metrics.llmCost
                            .labelValues(provider, model)
                            .inc(Math.max(0, m.path("cost_usd").asDouble()));
                }
            }
            default -> {}
        }
    }
}
