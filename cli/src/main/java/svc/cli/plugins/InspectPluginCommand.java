package svc.cli.plugins;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc plugins inspect NAME}: the plugin's surfaces and install-drops. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description = "Show one plugin: skills, commands, agents, hooks, MCP servers, WASM tools and install-drops.",
        footer = {"", "Examples:", "  svc plugins inspect sample"})
public final class InspectPluginCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The plugin's name.")
    private String name;

    @Override
    protected int run(ApiClient api) {
        output().json(api.get("/api/v1/plugins/" + ApiClient.segment(name)));
        return ExitCodes.OK;
    }
}
