package svc.cli.users;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc users}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "users",
        mixinStandardHelpOptions = true,
        description = "Manage users (admin): list them, change a role, disable or enable one.",
        subcommands = {ListUsersCommand.class, SetRoleCommand.class, DisableUserCommand.class, EnableUserCommand.class},
        footer = {"", "Examples:", "  svc users list --table", "  svc users set-role ana@example.com operator"})
public final class UsersCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "svc users needs a subcommand: list, set-role, disable or enable");
    }
}
