package svc.cli.plugins;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc plugins}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "plugins",
        mixinStandardHelpOptions = true,
        description = "Install, list, inspect and remove plugins; list and invoke their commands.",
        subcommands = {
            ListPluginsCommand.class,
            InspectPluginCommand.class,
            InstallPluginCommand.class,
            RemovePluginCommand.class,
            PluginCommandsCommand.class,
            InvokePluginCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  svc plugins install examples/plugins/sample",
            "  svc plugins inspect sample",
            "  svc plugins invoke sample:review the churn model"
        })
public final class PluginsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(),
                "svc plugins needs a subcommand: list, inspect, install, remove, commands or invoke");
    }
}
