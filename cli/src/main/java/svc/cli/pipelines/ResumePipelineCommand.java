package svc.cli.pipelines;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc pipelines resume RUN_ID}: continues a run paused by its budget. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description =
                "Resume a paused run (operator); each resume grants one more budget's worth of spend. Prints the run "
                        + "record.",
        footer = {"", "Examples:", "  svc pipelines resume 7f3c2a9e-1b2d-4e5f-8a9b-0c1d2e3f4a5b"})
public final class ResumePipelineCommand extends ClientCommand {

    @Parameters(paramLabel = "RUN_ID", description = "The run's id.")
    private String runId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.post("/api/v1/pipelines/" + ApiClient.segment(runId) + "/resume", Json.object()));
        return ExitCodes.OK;
    }
}
