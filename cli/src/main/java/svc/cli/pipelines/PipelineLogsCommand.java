package svc.cli.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/**
 * {@code svc pipelines logs RUN_ID}: a run's messages from its start, as readable lines. The
 * stream replays everything and then goes live, so one command serves a finished run and a
 * running one; without {@code --follow} a run that has not ended is refused rather than left
 * waiting, because there is no way to tell the end of the replay from a quiet moment.
 */
@Command(
        name = "logs",
        mixinStandardHelpOptions = true,
        description = {
            "Print a run's agent messages, tool calls and results, stages, gates and states as lines.",
            "With --follow, keep streaming until the run ends; the exit code is 0 when it succeeded, 1 otherwise."
        },
        footer = {"", "Examples:", "  svc pipelines logs 7f3c2a9e-1b2d-4e5f-8a9b-0c1d2e3f4a5b --follow"})
public final class PipelineLogsCommand extends ClientCommand {

    @Parameters(paramLabel = "RUN_ID", description = "The run's id.")
    private String runId;

    @Option(
            names = {"-f", "--follow"},
            description = "Stream until the run ends.")
    private boolean follow;

    @Override
    protected int run(ApiClient api) {
        JsonNode run = api.get("/api/v1/pipelines/" + ApiClient.segment(runId));
        String state = run.path("state").asText("?");
        if (!follow && !RunFollower.isFinal(state)) {
            throw new CliException(
                    ExitCodes.FAILURE,
                    "run " + runId + " is " + state + ", not ended; stream it with: svc pipelines logs " + runId
                            + " --follow");
        }
        return new RunFollower(api, out(), server.environment().interactive().isPresent(), Optional.empty())
                .follow(run);
    }
}
