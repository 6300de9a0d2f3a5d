package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import svc.config.Json;
import svc.core.task.TaskText;

/**
 * A coordinator turns its stage's goal into steps for its workers, one delegation at a time,
 * reading each result before choosing the next step: a failed validation stops the stage, leaked
 * columns are dropped before preparation, the winner on validation is the model it selects.
 * Which worker runs a tool comes from the team list in its system prompt.
 */
final class CoordinatorPolicy implements ScriptedModel.Policy {

    private static final Pattern MEMBER = Pattern.compile("(?m)^- ([a-z][a-z0-9-]*): tools (.*)$");

    @Override
    public Move next(Dialogue d) {
        JsonNode task = d.taskData().orElse(Json.object());
        Map<String, List<String>> team = teamOf(d.system());
        StagePlan plan = new StagePlan(task, results(d));

        Optional<String> failure = plan.failure();
        if (failure.isPresent()) {
            return Answers.failed(failure.get());
        }
        Optional<Move.Call> step = plan.nextStep();
        if (step.isEmpty()) {
            return plan.answer();
        }
        Move.Call call = step.get();
        String worker = workerFor(call.tool(), team, plan.stepsTaken());
        if (worker == null || !d.hasTool("transfer_to_" + worker)) {
            return Answers.failed("No member of my team can run " + call.tool() + ".");
        }
        ObjectNode brief = Json.object().put("tool", call.tool());
        brief.set("arguments", call.input());
        String text = TaskText.render("Please run " + call.tool() + " and report the result.", brief);
        return new Move.UseTools(
                "Delegating " + call.tool() + " to " + worker + ".",
                List.of(new Move.Call("transfer_to_" + worker, Json.object().put("task", text))));
    }

    /** Each finished delegation of this task: the worker's report, keyed by the tool it ran. */
    private static List<StagePlan.StepResult> results(Dialogue d) {
        List<StagePlan.StepResult> results = new ArrayList<>();
        for (Dialogue.Exchange e : d.exchanges()) {
            if (e.result() == null) {
                continue;
            }
            JsonNode report =
                    e.resultData().orElse(Json.object().put("ok", false).put("error", e.result()));
            results.add(new StagePlan.StepResult(
                    report.path("tool").asText(""), report.path("ok").asBoolean(!e.isError()), report));
        }
        return results;
    }

    static Map<String, List<String>> teamOf(String system) {
        Map<String, List<String>> team = new LinkedHashMap<>();
        Matcher m = MEMBER.matcher(system);
        while (m.find()) {
            List<String> tools = new ArrayList<>();
            for (String t : m.group(2).split(",")) {
                if (!t.isBlank()) {
                    tools.add(t.trim());
                }
            }
            team.put(m.group(1), tools);
        }
        return team;
    }

    /**
     * The worker for a tool: one whose speciality it is (its first tool) if any, else any worker
     * that has it. Repeated work (several models to train) is spread over all such workers.
     */
    private static String workerFor(String tool, Map<String, List<String>> team, int stepsTaken) {
        List<String> specialists = team.entrySet().stream()
                .filter(e -> !e.getValue().isEmpty() && e.getValue().get(0).equals(tool))
                .map(Map.Entry::getKey)
                .toList();
        List<String> able = specialists.isEmpty()
                ? team.entrySet().stream()
                        .filter(e -> e.getValue().contains(tool))
                        .map(Map.Entry::getKey)
                        .toList()
                : specialists;
        if (able.isEmpty()) {
            return null;
        }
        return able.get(stepsTaken % able.size());
    }

    static ArrayNode array(List<String> values) {
        ArrayNode a = Json.MAPPER.createArrayNode();
        values.forEach(a::add);
        return a;
    }
}
