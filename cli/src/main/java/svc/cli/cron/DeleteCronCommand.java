package svc.cli.cron;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc cron delete NAME}. */
@Command(
        name = "delete",
        mixinStandardHelpOptions = true,
        description = "Delete a cron job (operator); its history stays.",
        footer = {"", "Examples:", "  svc cron delete nightly-audit"})
public final class DeleteCronCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The job's name.")
    private String job;

    @Override
    protected int run(ApiClient api) {
        output().json(api.delete("/api/v1/cron/" + ApiClient.segment(job)));
        return ExitCodes.OK;
    }
}
