package svc.cli.tokens;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc tokens create NAME --role R (--days N | --expires-at T)}: prints the token with its secret, once. */
@Command(
        name = "create",
        mixinStandardHelpOptions = true,
        description = "Create an API token with a role no higher than yours. The answer holds the secret"
                + " (field token): it is shown this once; send it as Authorization: Bearer or X-API-Key.",
        footer = {
            "",
            "Examples:",
            "  svc tokens create ci --role operator --days 90",
            "  svc tokens create nightly --role viewer --expires-at 2027-01-01T00:00:00Z"
        })
public final class CreateTokenCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "What the token is for (up to 200 characters).")
    private String name;

    @Option(names = "--role", required = true, description = "viewer, operator or admin (at most your own role).")
    private String role;

    @ArgGroup(multiplicity = "1")
    private Expiry expiry;

    static final class Expiry {
        @Option(names = "--days", paramLabel = "N", description = "Expires N days from now.")
        Integer days;

        @Option(names = "--expires-at", paramLabel = "INSTANT", description = "Expires at this ISO-8601 instant.")
        String at;
    }

    @Override
    protected int run(ApiClient api) {
        ObjectNode body = Json.object().put("name", name).put("role", role);
        if (expiry.days != null) {
            body.put("expires_in_days", expiry.days);
        } else {
            body.put("expires_at", expiry.at);
        }
        output().json(api.post("/api/v1/tokens", body));
        return ExitCodes.OK;
    }
}
