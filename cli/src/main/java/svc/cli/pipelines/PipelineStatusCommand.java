package svc.cli.pipelines;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc pipelines status RUN_ID}: the run record, with its state and pending gates. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = "Show one run's record: state, current node, pending gates, cost, failure.",
        footer = {"", "Examples:", "  svc pipelines status 7f3c2a9e-1b2d-4e5f-8a9b-0c1d2e3f4a5b"})
public final class PipelineStatusCommand extends ClientCommand {

    @Parameters(paramLabel = "RUN_ID", description = "The run's id.")
    private String runId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.get("/api/v1/pipelines/" + ApiClient.segment(runId)));
        return ExitCodes.OK;
    }
}
