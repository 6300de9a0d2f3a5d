package svc.cli.cron;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;

/** {@code svc cron list}: every cron job. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List cron jobs (the list envelope as JSON, or a table with --table).",
        footer = {"", "Examples:", "  svc cron list --table"})
public final class ListCronCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("NAME", "name"),
            Column.field("SCHEDULE", "schedule"),
            Column.field("TIMEZONE", "timezone"),
            Column.field("KIND", "kind"),
            Column.field("LAST_SLOT", "last_slot"));

    @Mixin
    private OutputOptions output;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get("/api/v1/cron"), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
