package svc.cli.auth;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.Output;
import svc.cli.client.ServerOptions;
import svc.cli.client.StoredAuth;
import svc.config.Json;

/**
 * {@code svc whoami}: who the cached token says you are, read locally (no server call), so it
 * also answers "why am I getting 401?" when the token has expired.
 */
@Command(
        name = "whoami",
        mixinStandardHelpOptions = true,
        description = {
            "Show the cached login: server, subject, role and expiry of the token.",
            "Exits with 3 when not logged in or when the token has expired."
        },
        footer = {"", "Examples:", "  svc whoami"})
public final class WhoamiCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions server;

    @Override
    public Integer call() {
        StoredAuth login = server.login()
                .orElseThrow(() -> new CliException(
                        ExitCodes.AUTH,
                        "not logged in (no " + server.authStore().file() + "); log in with: svc login"));
        String target = server.serverUrl();
        if (!target.equals(login.url())) {
            throw new CliException(
                    ExitCodes.AUTH,
                    "not logged in to " + target + " (the cached login is for " + login.url()
                            + "); log in with: svc login --url " + target);
        }
        TokenClaims claims = TokenClaims.decode(login.token());
        Instant now = Instant.now();
        boolean expired = claims.expiredAt(now);
        ObjectNode o = Json.object()
                .put("url", login.url())
                .put("email", login.email())
                .put("sub", claims.subject())
                .put("role", claims.role())
                .put(
                        "issued_at",
                        claims.issuedAt() == null ? null : claims.issuedAt().toString())
                .put(
                        "expires_at",
                        claims.expiresAt() == null ? null : claims.expiresAt().toString())
                .put("expired", expired);
        new Output(spec.commandLine().getOut()).json(o);
        if (expired) {
            throw new CliException(
                    ExitCodes.AUTH,
                    "the token expired at " + claims.expiresAt() + "; log in again with: svc login --url "
                            + login.url());
        }
        return ExitCodes.OK;
    }
}
