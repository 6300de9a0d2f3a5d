package svc.cli.batch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc batch status BATCH_ID}. */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = "Print a batch job's record.",
        footer = {"", "Examples:", "  svc batch status b-1a2b3c4d5e6f"})
public final class BatchStatusCommand extends ClientCommand {

    @Parameters(paramLabel = "BATCH_ID", description = "The batch's id.")
    private String batchId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.get("/api/v1/batch/" + ApiClient.segment(batchId)));
        return ExitCodes.OK;
    }
}
