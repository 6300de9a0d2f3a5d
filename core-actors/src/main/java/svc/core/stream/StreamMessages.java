package svc.core.stream;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import svc.config.Json;
import svc.core.agent.AgentEntity;
import svc.core.run.Gate;
import svc.core.run.RunEntity;
import svc.core.run.RunState;
import svc.core.run.RunView;

/**
 * The documented shape of a run's stream messages (WebSocket and console). Every message is a
 * JSON object with {@code type}, {@code run_id}, {@code ts}; agent messages add {@code agent}
 * and {@code seq} (the agent's conversation line). Types: {@code agent_message} (a task or an
 * answer), {@code tool_call}, {@code tool_result}, {@code training_log} (a result of a training
 * tool), {@code stage}, {@code gate}, {@code state}. An agent message that a guardrail changed
 * (PII treated in a model's answer, a tool's result or the files a tool wrote) lists what it did
 * under {@code guardrails}.
 */
public final class StreamMessages {

    private StreamMessages() {}

    public static ObjectNode ofAgent(String runId, String agent, AgentEntity.Event event) {
        ObjectNode o = base(runId, event.at().toString()).put("agent", agent);
        if (event instanceof AgentEntity.TaskStarted t) {
            o.put("type", "agent_message")
                    .put("seq", t.seq())
                    .put("role", "user")
                    .put("task_id", t.taskId())
                    .put("content", t.text());
        } else if (event instanceof AgentEntity.AssistantSaid a) {
            if (a.toolCalls().isEmpty()) {
                o.put("type", "agent_message")
                        .put("seq", a.seq())
                        .put("role", "assistant")
                        .put("content", a.text());
            } else {
                o.put("type", "tool_call").put("seq", a.seq()).put("content", a.text());
                var calls = o.putArray("tool_calls");
                a.toolCalls()
                        .forEach(c -> calls.addObject()
                                .put("id", c.id())
                                .put("name", c.name())
                                .set("arguments", Json.parse(c.argumentsJson())));
            }
            o.put("model", a.model()).put("cost_usd", a.costUsd()).put("duration_ms", a.durationMs());
            guardrails(o, a.guardrails());
        } else if (event instanceof AgentEntity.ToolAnswered t) {
            boolean training = t.tool().equals("train_model") || t.tool().equals("mitigate_bias");
            o.put("type", training ? "training_log" : "tool_result")
                    .put("seq", t.seq())
                    .put("tool", t.tool())
                    .put("is_error", t.isError())
                    .put("content", t.content())
                    .put("duration_ms", t.durationMs());
            guardrails(o, t.guardrails());
        } else if (event instanceof AgentEntity.TaskFinished f) {
            o.put("type", "task_finished")
                    .put("task_id", f.taskId())
                    .put("ok", f.outcome().ok());
        }
        return o;
    }

    public static ObjectNode ofRun(String runId, RunEntity.Event event) {
        ObjectNode o = base(runId, event.at().toString());
        if (event instanceof RunEntity.NodeEntered n) {
            o.put("type", "stage").put("node", n.node()).put("visit", n.visit()).put("edge", n.edge());
        } else if (event instanceof RunEntity.StageCompleted s) {
            o.put("type", "stage").put("node", s.node()).put("completed", true).put("content", s.answer());
        } else if (event instanceof RunEntity.GateOpened g) {
            o.put("type", "gate")
                    .put("gate_id", g.gate().gateId())
                    .put("gate_type", g.gate().type())
                    .put("state", Gate.PENDING);
            if (g.gate().isToolGate()) {
                o.put("tool", g.gate().tool()).put("agent", g.gate().agent());
            }
        } else if (event instanceof RunEntity.GateDecided g) {
            o.put("type", "gate")
                    .put("gate_id", g.gateId())
                    .put("state", g.approved() ? Gate.APPROVED : Gate.REJECTED)
                    .put("by", g.by())
                    .put("rationale", g.rationale());
        } else if (event instanceof RunEntity.GateEscalated g) {
            o.put("type", "gate").put("gate_id", g.gateId()).put("escalated", true);
        } else if (event instanceof RunEntity.GateExpired g) {
            o.put("type", "gate").put("gate_id", g.gateId()).put("state", Gate.EXPIRED);
        } else {
            o.put("type", "state").put("event", event.getClass().getSimpleName());
            RunState.setBy(event).ifPresent(state -> o.put("state", state.wireName()));
            if (event instanceof RunEntity.RunFailed f) {
                o.put("reason", f.reason());
            } else if (event instanceof RunEntity.RunPaused p) {
                o.put("reason", p.reason());
            } else if (event instanceof RunEntity.CostUpdated c) {
                o.put("agent", c.agent()).put("agent_cost_usd", c.agentTotalUsd());
            }
        }
        return o;
    }

    /**
     * The final state message of a finished run whose events retention deleted: its state, and
     * the kinds pruned in {@code pruned}.
     */
    public static ObjectNode ofPrunedRun(RunView run) {
        ObjectNode o = base(run.runId(), run.updatedAt().toString())
                .put("type", "state")
                .put("state", run.state());
        run.pruned().forEach(n -> o.withArray("pruned").add(n.kind()));
        return o;
    }

    /** Whether the run is over after this event: the stream ends there. */
    public static boolean isFinal(RunEntity.Event event) {
        return RunState.setBy(event).map(RunState::isFinished).orElse(false);
    }

    /** What the guardrails did to the message, when they did something: {@code guardrails: [...]}. */
    public static void guardrails(ObjectNode o, List<String> guardrails) {
        if (!guardrails.isEmpty()) {
            var list = o.putArray("guardrails");
            guardrails.forEach(list::add);
        }
    }

    private static ObjectNode base(String runId, String ts) {
        return Json.object().put("run_id", runId).put("ts", ts);
    }
}
