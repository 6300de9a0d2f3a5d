package svc.cli.tokens;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc tokens revoke ID}: from then on the token is refused (401). */
@Command(
        name = "revoke",
        mixinStandardHelpOptions = true,
        description = "Revoke one of your API tokens (admin: anyone's); it is refused from then on.",
        footer = {"", "Examples:", "  svc tokens revoke tok-0123456789abcdef"})
public final class RevokeTokenCommand extends ClientCommand {

    @Parameters(paramLabel = "ID", description = "The token's id (svc tokens list shows it).")
    private String id;

    @Override
    protected int run(ApiClient api) {
        output().json(api.delete("/api/v1/tokens/" + ApiClient.segment(id)));
        return ExitCodes.OK;
    }
}
