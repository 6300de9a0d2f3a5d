package svc.cli.deployments;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.config.Json;

/** {@code svc deployments history MODEL}: the name's deployments and history, newest first. */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = "Print a model name's deployments and history, newest first (JSON; --table: the history).",
        footer = {"", "Examples:", "  svc deployments history german_credit --table"})
public final class DeploymentHistoryCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("SEQ", "seq"),
            Column.field("AT", "at"),
            Column.field("ACTION", "action"),
            Column.field("DEPLOYMENT_ID", "deployment_id"),
            Column.field("MODEL", "model_id"),
            Column.field("STATE", "state"),
            new Column("TRAFFIC", n -> n.path("traffic_pct").asText() + "%"),
            new Column("RETIRED", n -> n.path("retired_deployment_id").asText("-")),
            Column.field("BY", "by"));

    @Parameters(paramLabel = "MODEL", description = "The model name.")
    private String name;

    @Mixin
    private OutputOptions output;

    @Override
    protected int run(ApiClient api) {
        JsonNode view = api.get("/api/v1/deployments/" + ApiClient.segment(name));
        if (!output.table()) {
            output().json(view);
            return ExitCodes.OK;
        }
        var envelope = Json.object();
        envelope.set("items", view.path("history"));
        envelope.put("total", view.path("history").size()).put("offset", 0);
        output().list(envelope, true, COLUMNS);
        return ExitCodes.OK;
    }
}
