package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import svc.config.Json;
import svc.core.task.TaskText;

/**
 * The director hands each stage to the coordinator of the stage's team with the whole brief,
 * then reports the coordinator's answer back to the run.
 */
final class DirectorPolicy implements ScriptedModel.Policy {

    @Override
    public Move next(Dialogue d) {
        JsonNode task = d.taskData().orElse(Json.object());
        String team = task.path("team").asText("");
        String coordinatorTool = "transfer_to_" + team + "-coordinator";
        if (d.exchanges().isEmpty()) {
            if (!d.hasTool(coordinatorTool)) {
                return Answers.failed("I cannot hand stage "
                        + task.path("stage").asText("?") + " to team '" + team + "': no such coordinator.");
            }
            return new Move.UseTools(
                    "Handing stage " + task.path("stage").asText() + " to the " + team + " coordinator.",
                    List.of(new Move.Call(coordinatorTool, Json.object().put("task", d.task()))));
        }
        Dialogue.Exchange last = d.exchanges().get(d.exchanges().size() - 1);
        JsonNode report = last.resultData().orElse(Json.object().put("ok", !last.isError()));
        String prose = TaskText.prose(last.result() == null ? "" : last.result());
        return new Move.Answer(TaskText.render("Stage " + task.path("stage").asText() + ": " + prose, report));
    }
}
