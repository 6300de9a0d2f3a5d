package svc.cli.reports;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc reports}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "reports",
        mixinStandardHelpOptions = true,
        description = "Reports over what the runs recorded.",
        subcommands = {CostsReportCommand.class},
        footer = {"", "Examples:", "  svc reports costs --from 2026-11-01 --to 2026-11-30 --group-by model --table"})
public final class ReportsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc reports needs a subcommand: costs");
    }
}
