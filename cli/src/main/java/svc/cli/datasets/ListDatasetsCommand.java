package svc.cli.datasets;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc datasets list}: uploaded datasets and those runs read from a path, newest first. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List datasets, newest first (the list envelope as JSON, or a table with --table).",
        footer = {"", "Examples:", "  svc datasets list --table"})
public final class ListDatasetsCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("DATASET_ID", "dataset_id"),
            Column.field("NAME", "name"),
            Column.field("FORMAT", "format"),
            Column.field("ROWS", "rows"),
            Column.field("SIZE_BYTES", "size_bytes"),
            Column.field("CONSENT", "consent_doc_ref"),
            Column.field("CREATED_AT", "created_at"));

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get(ApiClient.path("/api/v1/datasets", paging.query(spec))), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
