package svc.cli.cron;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc cron runs NAME}: the job's history, newest first. */
@Command(
        name = "runs",
        mixinStandardHelpOptions = true,
        description = "A cron job's history, newest first: slot, trigger, status, duration, output.",
        footer = {"", "Examples:", "  svc cron runs nightly-audit --table"})
public final class CronRunsCommand extends ClientCommand {

    private static final List<Column> COLUMNS = List.of(
            Column.field("SLOT", "slot"),
            Column.field("TRIGGER", "trigger"),
            Column.field("STATUS", "status"),
            Column.field("DURATION_MS", "duration_ms"),
            Column.field("STARTED_AT", "started_at"));

    @Parameters(paramLabel = "NAME", description = "The job's name.")
    private String job;

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        output().list(
                        api.get(ApiClient.path("/api/v1/cron/" + ApiClient.segment(job) + "/runs", paging.query(spec))),
                        output.table(),
                        COLUMNS);
        return ExitCodes.OK;
    }
}
