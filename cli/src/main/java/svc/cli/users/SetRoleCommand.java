package svc.cli.users;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc users set-role EMAIL ROLE} (admin). */
@Command(
        name = "set-role",
        mixinStandardHelpOptions = true,
        description = "Change a user's role (admin). Tokens already issued keep their role until they expire;"
                + " API tokens are capped by the new role at once.",
        footer = {"", "Examples:", "  svc users set-role ana@example.com operator"})
public final class SetRoleCommand extends ClientCommand {

    @Parameters(index = "0", paramLabel = "EMAIL", description = "The user.")
    private String email;

    @Parameters(index = "1", paramLabel = "ROLE", description = "viewer, operator or admin.")
    private String role;

    @Override
    protected int run(ApiClient api) {
        output().json(api.patch(
                "/api/v1/users/" + ApiClient.segment(email), Json.object().put("role", role)));
        return ExitCodes.OK;
    }
}
