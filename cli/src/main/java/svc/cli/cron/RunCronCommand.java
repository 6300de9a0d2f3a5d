package svc.cli.cron;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc cron run NAME}. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a cron job now (operator); prints the run when it has ended.",
        footer = {"", "Examples:", "  svc cron run nightly-audit"})
public final class RunCronCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The job's name.")
    private String job;

    @Override
    protected int run(ApiClient api) {
        output().json(api.post("/api/v1/cron/" + ApiClient.segment(job) + "/run", Json.object()));
        return ExitCodes.OK;
    }
}
