package svc.cli.deployments;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc deployments list}: model names with their champions. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List model names with their champion, challengers and shadows (JSON, or a table with --table).",
        footer = {"", "Examples:", "  svc deployments list --table"})
public final class ListDeploymentsCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("MODEL", "model"),
            new Column("CHAMPION", n -> n.path("champion").path("deployment_id").asText("-")),
            new Column("CHAMPION_MODEL", n -> n.path("champion").path("model").asText("-")),
            new Column(
                    "TRAFFIC",
                    n -> n.path("champion").has("traffic_pct")
                            ? n.path("champion").path("traffic_pct").asText() + "%"
                            : "-"),
            Column.field("CHALLENGERS", "challengers"),
            Column.field("SHADOWS", "shadows"),
            Column.field("UPDATED_AT", "updated_at"));

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get(ApiClient.path("/api/v1/deployments", paging.query(spec))), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
