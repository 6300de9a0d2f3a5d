package svc.cli.users;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc users enable EMAIL} (admin). */
@Command(
        name = "enable",
        mixinStandardHelpOptions = true,
        description = "Enable a disabled user again (admin).",
        footer = {"", "Examples:", "  svc users enable ana@example.com"})
public final class EnableUserCommand extends ClientCommand {

    @Parameters(paramLabel = "EMAIL", description = "The user.")
    private String email;

    @Override
    protected int run(ApiClient api) {
        output().json(api.patch(
                "/api/v1/users/" + ApiClient.segment(email), Json.object().put("disabled", false)));
        return ExitCodes.OK;
    }
}
