package svc.cli.config;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc config}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "config",
        mixinStandardHelpOptions = true,
        description = "Show the configuration a running server resolved (admin).",
        subcommands = {ShowConfigCommand.class},
        footer = {"", "Examples:", "  svc config show", "  svc config show svc.governance --json"})
public final class ConfigCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc config needs a subcommand: show");
    }
}
