package svc.core.task;

import java.util.Map;
import svc.core.CborSerializable;

/**
 * How a task ended: whether it succeeded, the agent's final answer, and the facts its tools
 * (and its delegates' tools) established on the way.
 */
public record TaskOutcome(boolean ok, String answer, Map<String, Object> facts) implements CborSerializable {
    public TaskOutcome {
        facts = Map.copyOf(facts == null ? Map.of() : facts);
    }

    /** A final answer succeeds unless its JSON block says {@code "ok": false}. */
    public static TaskOutcome fromAnswer(String answer, Map<String, Object> facts) {
        boolean ok =
                TaskText.data(answer).map(d -> d.path("ok").asBoolean(true)).orElse(true);
        return new TaskOutcome(ok, answer, facts);
    }
}
