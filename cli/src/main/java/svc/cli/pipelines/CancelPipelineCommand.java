package svc.cli.pipelines;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc pipelines cancel RUN_ID}: stops a run; its artefacts so far are kept. */
@Command(
        name = "cancel",
        mixinStandardHelpOptions = true,
        description = "Cancel a run (operator); the artefacts written so far are kept. Prints the run record.",
        footer = {"", "Examples:", "  svc pipelines cancel 7f3c2a9e-1b2d-4e5f-8a9b-0c1d2e3f4a5b"})
public final class CancelPipelineCommand extends ClientCommand {

    @Parameters(paramLabel = "RUN_ID", description = "The run's id.")
    private String runId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.delete("/api/v1/pipelines/" + ApiClient.segment(runId)));
        return ExitCodes.OK;
    }
}
