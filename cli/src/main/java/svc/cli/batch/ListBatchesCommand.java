package svc.cli.batch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc batch list}: batch jobs, newest first. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List batch jobs, newest first (the list envelope as JSON, or a table with --table).",
        footer = {"", "Examples:", "  svc batch list --table"})
public final class ListBatchesCommand extends ClientCommand {

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get(ApiClient.path("/api/v1/batch", paging.query(spec))), output.table(), BatchColumns.ALL);
        return ExitCodes.OK;
    }
}
