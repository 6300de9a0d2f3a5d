package svc.cli.auth;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.cli.client.AuthStore;
import svc.cli.client.ServerOptions;

/**
 * {@code svc logout}: forgets the cached token. Tokens are not revoked server-side (the spec
 * has no revocation list), so this only removes the local copy; that is what a user can do.
 */
@Command(
        name = "logout",
        mixinStandardHelpOptions = true,
        description = "Remove the cached token (~/.svc/auth.json, and an old ~/.svc/token).",
        footer = {"", "Examples:", "  svc logout"})
public final class LogoutCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private ServerOptions server;

    @Override
    public Integer call() {
        AuthStore store = server.authStore();
        boolean removed = store.remove();
        spec.commandLine()
                .getOut()
                .println(removed ? "Logged out (removed " + store.file() + ")." : "Not logged in; nothing to remove.");
        return ExitCodes.OK;
    }
}
