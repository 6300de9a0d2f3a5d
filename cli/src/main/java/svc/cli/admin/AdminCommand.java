package svc.cli.admin;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc admin}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "admin",
        mixinStandardHelpOptions = true,
        description = "Maintenance for administrators.",
        subcommands = {ResealCommand.class},
        footer = {"", "Examples:", "  svc admin reseal --dry-run"})
public final class AdminCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc admin needs a subcommand: reseal");
    }
}
