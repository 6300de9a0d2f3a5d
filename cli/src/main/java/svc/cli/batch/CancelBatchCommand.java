package svc.cli.batch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc batch cancel BATCH_ID}. */
@Command(
        name = "cancel",
        mixinStandardHelpOptions = true,
        description = "Cancel a running batch (operator); its results so far stay.",
        footer = {"", "Examples:", "  svc batch cancel b-1a2b3c4d5e6f"})
public final class CancelBatchCommand extends ClientCommand {

    @Parameters(paramLabel = "BATCH_ID", description = "The batch's id.")
    private String batchId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.delete("/api/v1/batch/" + ApiClient.segment(batchId)));
        return ExitCodes.OK;
    }
}
