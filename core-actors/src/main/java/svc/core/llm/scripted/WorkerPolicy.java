package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;
import svc.core.task.TaskText;

/**
 * A worker runs the tool its coordinator asked for with the arguments given, and reports the
 * result. Given a research goal instead (parallel research), it runs its research tool with its
 * own focus. Given several calls ({@code "calls"}), it runs them all in one turn.
 */
final class WorkerPolicy implements ScriptedModel.Policy {

    @Override
    public Move next(Dialogue d) {
        JsonNode task = d.taskData().orElse(Json.object());
        if (task.path("calls").isArray()) {
            return calls(d, task.get("calls"));
        }
        if (d.exchanges().isEmpty()) {
            if (task.hasNonNull("tool")) {
                String tool = task.get("tool").asText();
                if (!d.hasTool(tool)) {
                    return Answers.failed(
                            "I was asked to run " + tool + ", which is not one of my tools " + d.tools() + ".");
                }
                JsonNode args = task.path("arguments").isObject() ? task.get("arguments") : Json.object();
                return new Move.UseTools("Running " + tool + ".", List.of(new Move.Call(tool, args)));
            }
            if (task.hasNonNull("goal") && d.hasTool("recommend_learners")) {
                JsonNode context = task.path("context");
                ObjectNode args = Json.object()
                        .put("task", context.path("task.type").asText("binary"))
                        .put("rows", context.path("dataset.rows").asInt(0))
                        .put("focus", d.agent());
                return new Move.UseTools(
                        "Researching learners with my focus.", List.of(new Move.Call("recommend_learners", args)));
            }
            return Answers.failed("The task names no tool I can run: " + TaskText.prose(d.task()));
        }
        Dialogue.Exchange last = d.exchanges().get(d.exchanges().size() - 1);
        ObjectNode report = Json.object();
        report.put("ok", !last.isError());
        report.put("tool", last.tool());
        JsonNode result;
        try {
            result = Json.parse(last.result());
        } catch (IllegalArgumentException e) {
            result = Json.MAPPER.getNodeFactory().textNode(last.result());
        }
        report.set("result", result);
        String summary = last.isError()
                ? last.tool() + " failed: " + last.result()
                : last.tool() + " finished"
                        + (result.hasNonNull("summary")
                                ? ": " + result.get("summary").asText()
                                : ".");
        return new Move.Answer(TaskText.render(summary, report));
    }

    /**
     * A task naming several calls ({@code "calls": [{"tool", "arguments"}, ...]}) runs them all in
     * one turn, then reports each result in order.
     */
    private static Move calls(Dialogue d, JsonNode calls) {
        if (d.exchanges().isEmpty()) {
            List<Move.Call> out = new ArrayList<>();
            for (JsonNode c : calls) {
                String tool = c.path("tool").asText();
                if (!d.hasTool(tool)) {
                    return Answers.failed(
                            "I was asked to run " + tool + ", which is not one of my tools " + d.tools() + ".");
                }
                out.add(new Move.Call(tool, c.path("arguments").isObject() ? c.get("arguments") : Json.object()));
            }
            return new Move.UseTools("Running " + out.size() + " tools.", out);
        }
        ObjectNode report = Json.object();
        var results = report.putArray("results");
        boolean ok = true;
        for (Dialogue.Exchange e : d.exchanges()) {
            ok &= !e.isError();
            ObjectNode r = results.addObject().put("tool", e.tool()).put("ok", !e.isError());
            try {
                r.set("result", Json.parse(e.result()));
            } catch (IllegalArgumentException notJson) {
                r.put("result", e.result());
            }
        }
        report.put("ok", ok);
        return new Move.Answer(TaskText.render(ok ? "All tools finished." : "Some tools failed.", report));
    }
}
