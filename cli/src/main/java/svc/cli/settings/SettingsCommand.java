package svc.cli.settings;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc settings}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "settings",
        mixinStandardHelpOptions = true,
        description = "Check the settings file and show a project's effective configuration.",
        subcommands = {ValidateSettingsCommand.class, ShowSettingsCommand.class},
        footer = {"", "Examples:", "  svc settings validate", "  svc settings show --project ."})
public final class SettingsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc settings needs a subcommand: validate or show");
    }
}
