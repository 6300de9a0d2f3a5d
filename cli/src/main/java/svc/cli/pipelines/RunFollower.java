package svc.cli.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.core.run.RunState;

/**
 * Follows a run's WebSocket stream, printing one line per message, until the server closes it
 * after the run's final state. The exit code is the run's outcome: 0 when it succeeded, 1 when it
 * failed or was cancelled, so {@code svc pipelines run --follow && deploy} does the right thing.
 * On a terminal every line carries a {@link StageProgress} prefix.
 */
final class RunFollower {

    /** Whether a state's wire name is one a run does not leave. */
    static boolean isFinal(String state) {
        return RunState.ofWireName(state).map(RunState::isFinished).orElse(false);
    }

    private final ApiClient api;
    private final PrintWriter out;
    private final boolean terminal;
    private final Optional<Path> workflowFile;

    private String finalState;
    private String reason;

    /** @param workflowFile the local customer workflow the run was started with, if any (for the progress total) */
    RunFollower(ApiClient api, PrintWriter out, boolean terminal, Optional<Path> workflowFile) {
        this.api = api;
        this.out = out;
        this.terminal = terminal;
        this.workflowFile = workflowFile;
    }

    /** Streams the run of this record to its end; answers the exit code of its final state. */
    int follow(JsonNode run) {
        String runId = run.path("run_id").asText();
        StageProgress progress =
                terminal ? StageProgress.of(run.path("template").asText(null), workflowFile) : null;
        api.await(api.stream(
                "/api/v1/pipelines/" + ApiClient.segment(runId) + "/stream", message -> print(message, progress)));
        if (finalState == null) {
            JsonNode now = api.get("/api/v1/pipelines/" + ApiClient.segment(runId));
            String state = now.path("state").asText("?");
            if (!isFinal(state)) {
                throw new CliException(
                        ExitCodes.FAILURE,
                        "the stream of run " + runId + " closed before the run ended (it is " + state
                                + "); follow it again with: svc pipelines logs " + runId + " --follow");
            }
            finalState = state;
            reason = now.path("failure").asText(null);
        }
        out.println("run " + runId + " " + finalState + (reason == null || reason.isBlank() ? "" : ": " + reason));
        out.flush();
        return finalState.equals(RunState.SUCCEEDED.wireName()) ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    private void print(JsonNode message, StageProgress progress) {
        if (message.path("type").asText("").equals("state")
                && isFinal(message.path("state").asText(""))) {
            finalState = message.path("state").asText();
            reason = message.path("reason").asText(null);
            return;
        }
        if (progress != null) {
            progress.accept(message);
        }
        StreamLines.line(message).ifPresent(line -> out.println(progress == null ? line : progress.prefix() + line));
        out.flush();
    }
}
