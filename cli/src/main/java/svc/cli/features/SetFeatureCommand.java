package svc.cli.features;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc features set NAME true|false}: a runtime override (admin); invariants refuse it. */
@Command(
        name = "set",
        mixinStandardHelpOptions = true,
        description = "Override a feature flag at runtime (admin). Prints the flag after the change.",
        footer = {"", "Examples:", "  svc features set hooks_enabled false"})
public final class SetFeatureCommand extends ClientCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "The flag's name.")
    private String name;

    @Parameters(index = "1", paramLabel = "VALUE", arity = "1", description = "true or false.")
    private boolean enabled;

    @Override
    protected int run(ApiClient api) {
        output().json(api.post(
                "/api/v1/features/" + ApiClient.segment(name), Json.object().put("enabled", enabled)));
        return ExitCodes.OK;
    }
}
