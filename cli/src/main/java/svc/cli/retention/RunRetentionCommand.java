package svc.cli.retention;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc retention run [--dry-run]}. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run the retention sweep now (admin); prints what it deleted, each deletion and the totals.",
        footer = {"", "Examples:", "  svc retention run --dry-run", "  svc retention run"})
public final class RunRetentionCommand extends ClientCommand {

    @Option(names = "--dry-run", description = "Delete nothing; print what would be deleted.")
    private boolean dryRun;

    @Override
    protected int run(ApiClient api) {
        output().json(api.post("/api/v1/retention/run?dry_run=" + dryRun, Json.object()));
        return ExitCodes.OK;
    }
}
