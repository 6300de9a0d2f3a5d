package svc.cli.retention;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc retention}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "retention",
        mixinStandardHelpOptions = true,
        description = "The retention sweep (it also runs daily as the cron job svc.retention).",
        subcommands = {RunRetentionCommand.class},
        footer = {"", "Examples:", "  svc retention run --dry-run"})
public final class RetentionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc retention needs a subcommand: run");
    }
}
