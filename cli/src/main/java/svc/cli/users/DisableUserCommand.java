package svc.cli.users;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc users disable EMAIL} (admin). */
@Command(
        name = "disable",
        mixinStandardHelpOptions = true,
        description = "Disable a user (admin): their sign-in, session, JWTs and API tokens are refused from now on.",
        footer = {"", "Examples:", "  svc users disable ana@example.com"})
public final class DisableUserCommand extends ClientCommand {

    @Parameters(paramLabel = "EMAIL", description = "The user.")
    private String email;

    @Override
    protected int run(ApiClient api) {
        output().json(api.patch(
                "/api/v1/users/" + ApiClient.segment(email), Json.object().put("disabled", true)));
        return ExitCodes.OK;
    }
}
