package svc.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc admin reseal [--dry-run]}: re-seals under the current key everything still sealed
 * under a previous one, and prints the counts. Exits 1 when values are left under a previous key
 * after a real run (failures: see the report), so a script does not drop the key.
 */
@Command(
        name = "reseal",
        mixinStandardHelpOptions = true,
        description = "Re-seal under SVC_KEK all data still sealed under a key in SVC_KEK_PREVIOUS (admin): columns,"
                + " journal events and snapshots, run files, batch files. When it reports left = 0 the previous"
                + " key may be removed.",
        footer = {"", "Examples:", "  svc admin reseal --dry-run", "  svc admin reseal"})
public final class ResealCommand extends ClientCommand {

    @Option(names = "--dry-run", description = "Change nothing; print the counts.")
    private boolean dryRun;

    @Override
    protected int run(ApiClient api) {
        JsonNode report = api.post("/api/v1/admin/at-rest/reseal?dry_run=" + dryRun, Json.object());
        output().json(report);
        return !dryRun && report.path("left").asLong() > 0 ? ExitCodes.FAILURE : ExitCodes.OK;
    }
}
