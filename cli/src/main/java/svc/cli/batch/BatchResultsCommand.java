package svc.cli.batch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc batch results BATCH_ID}: prints {@code results.jsonl} as the server has it now. */
@Command(
        name = "results",
        mixinStandardHelpOptions = true,
        description = "Print a batch's results.jsonl: one {index, output|error} line per input line, in order.",
        footer = {"", "Examples:", "  svc batch results b-1a2b3c4d5e6f > results.jsonl"})
public final class BatchResultsCommand extends ClientCommand {

    @Parameters(paramLabel = "BATCH_ID", description = "The batch's id.")
    private String batchId;

    @Override
    protected int run(ApiClient api) {
        ApiClient.Reply reply = api.getReply("/api/v1/batch/" + ApiClient.segment(batchId) + "/results");
        if (reply.status() != 200) {
            throw new CliException(
                    reply.status() >= 500 ? ExitCodes.SERVER : ExitCodes.FAILURE,
                    reply.status() == 404 ? "no batch " + batchId : "the server answered " + reply.status());
        }
        out().print(reply.body());
        out().flush();
        return ExitCodes.OK;
    }
}
