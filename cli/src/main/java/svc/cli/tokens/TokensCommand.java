package svc.cli.tokens;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc tokens}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "tokens",
        mixinStandardHelpOptions = true,
        description = "Your API tokens: create one (its secret is shown once), list them, revoke one.",
        subcommands = {CreateTokenCommand.class, ListTokensCommand.class, RevokeTokenCommand.class},
        footer = {"", "Examples:", "  svc tokens create ci --role operator --days 90", "  svc tokens list --table"})
public final class TokensCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc tokens needs a subcommand: create, list or revoke");
    }
}
