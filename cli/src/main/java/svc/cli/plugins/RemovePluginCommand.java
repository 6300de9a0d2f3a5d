package svc.cli.plugins;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc plugins remove NAME} (admin). */
@Command(
        name = "remove",
        mixinStandardHelpOptions = true,
        description = "Remove an installed plugin (admin); prints what was removed.",
        footer = {"", "Examples:", "  svc plugins remove sample"})
public final class RemovePluginCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The plugin's name.")
    private String name;

    @Override
    protected int run(ApiClient api) {
        output().json(api.delete("/api/v1/plugins/" + ApiClient.segment(name)));
        return ExitCodes.OK;
    }
}
