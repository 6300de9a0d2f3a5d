package svc.http.telemetry;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import svc.core.admission.Admission;
import svc.core.agent.AgentDirectory;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;

/**
 * Run, agent, tool and LLM metrics fed from the live stream of the runs whose entities live on
 * this node (each node counts what it did, so the cluster's figures are the sum over nodes). It
 * runs on the publishing entity's thread, so it only counts. {@code svc_pipeline_concurrent_runs}
 * is the admission singleton's count of running runs, the same on every node (take the max
 * across nodes, not the sum), polled every few seconds. A run's template and profile are learned when
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

    public RunMetrics(ApiMetrics metrics, AgentDirectory agents, String provider) {
        this.metrics = metrics;
        this.agents = agents;
        this.provider = provider;
    }

    public LiveEventHub.Subscription attach(LiveEventHub hub) {
        return hub.subscribe(LiveEventHub.ALL_RUNS, m -> {
            if (m.local()) {
                onMessage(m.json(), m.finalMessage());
            }
        });
    }

    /** Sets the concurrency gauge from the admission singleton every {@code every}, until closed. */
    public AutoCloseable followAdmission(ActorRef<Admission.Command> admission, ActorSystem<?> system, Duration every) {
        Executor callbacks = system.executionContext();
        Cancellable poll = system.scheduler()
                .scheduleAtFixedRate(
                        Duration.ZERO,
                        every,
                        () -> AskPattern.<Admission.Command, Admission.Status>ask(
                                        admission, Admission.GetStatus::new, every, system.scheduler())
                                .whenCompleteAsync(
                                        (status, failure) -> {
                                            if (status != null) {
                                                metrics.concurrentRuns.set(status.running());
                                            }
                                        },
                                        callbacks),
                        system.executionContext());
        return poll::cancel;
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
