package svc.cli.features;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc features list}: every flag with its value now, its default and where the value comes from. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List feature flags: name, enabled, tier, default, source of the value.",
        footer = {"", "Examples:", "  svc features list --table"})
public final class ListFeaturesCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("NAME", "name"),
            Column.field("ENABLED", "enabled"),
            Column.field("TIER", "tier"),
            Column.field("DEFAULT", "default"),
            Column.field("SOURCE", "source"));

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get(ApiClient.path("/api/v1/features", paging.query(spec))), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
