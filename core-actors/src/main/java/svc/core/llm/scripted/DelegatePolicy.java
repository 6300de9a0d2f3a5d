package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import svc.config.Json;
import svc.core.agent.Delegation;
import svc.core.task.TaskText;

/**
 * A task that names the agent to hand it to ({@code "delegate_to"} in its JSON block, as a plugin
 * command may write) goes to that agent, when this agent may delegate to it, with the rest of the
 * block as the delegate's brief; the delegate's answer is then reported as this agent's. Any tier
 * follows such an explicit request before its own plan.
 */
final class DelegatePolicy implements ScriptedModel.Policy {

    static final String FIELD = "delegate_to";

    static boolean applies(Dialogue d) {
        JsonNode task = d.taskData().orElse(null);
        return task != null
                && task.path(FIELD).isTextual()
                && d.hasTool(Delegation.toolName(task.get(FIELD).asText()));
    }

    @Override
    public Move next(Dialogue d) {
        JsonNode task = d.taskData().orElseThrow();
        String delegate = task.get(FIELD).asText();
        if (d.exchanges().isEmpty()) {
            ObjectNode brief = ((ObjectNode) task).deepCopy();
            brief.remove(FIELD);
            String text = TaskText.render(TaskText.prose(d.task()), brief);
            return new Move.UseTools(
                    "Handing this to " + delegate + " as asked.",
                    List.of(new Move.Call(
                            Delegation.toolName(delegate), Json.object().put("task", text))));
        }
        Dialogue.Exchange last = d.exchanges().get(d.exchanges().size() - 1);
        String answer = last.result() == null ? "" : last.result();
        JsonNode report = last.resultData().orElse(Json.object().put("ok", !last.isError()));
        return new Move.Answer(TaskText.render(delegate + " answered: " + TaskText.prose(answer), report));
    }
}
