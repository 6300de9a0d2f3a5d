package svc.cli.features;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc features reset NAME}: drops the runtime override; the environment or default applies again. */
@Command(
        name = "reset",
        mixinStandardHelpOptions = true,
        description = "Remove a flag's runtime override (admin); its environment value or default applies again.",
        footer = {"", "Examples:", "  svc features reset hooks_enabled"})
public final class ResetFeatureCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The flag's name.")
    private String name;

    @Override
    protected int run(ApiClient api) {
        output().json(api.delete("/api/v1/features/" + ApiClient.segment(name)));
        return ExitCodes.OK;
    }
}
