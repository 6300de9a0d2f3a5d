package svc.cli.features;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc features get NAME}: one flag. */
@Command(
        name = "get",
        mixinStandardHelpOptions = true,
        description = "Show one feature flag.",
        footer = {"", "Examples:", "  svc features get hooks_enabled"})
public final class GetFeatureCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The flag's name (svc features list shows them).")
    private String name;

    @Override
    protected int run(ApiClient api) {
        output().json(api.get("/api/v1/features/" + ApiClient.segment(name)));
        return ExitCodes.OK;
    }
}
