package svc.cli.batch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc batch resume BATCH_ID}. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description = "Resume a failed or cancelled batch from its last checkpoint (operator).",
        footer = {"", "Examples:", "  svc batch resume b-1a2b3c4d5e6f"})
public final class ResumeBatchCommand extends ClientCommand {

    @Parameters(paramLabel = "BATCH_ID", description = "The batch's id.")
    private String batchId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.post("/api/v1/batch/" + ApiClient.segment(batchId) + "/resume", Json.object()));
        return ExitCodes.OK;
    }
}
