package svc.cli.cron;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc cron}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "cron",
        mixinStandardHelpOptions = true,
        description = "Create, list, run and delete cron jobs; show their history.",
        subcommands = {
            ListCronCommand.class,
            CreateCronCommand.class,
            RunCronCommand.class,
            DeleteCronCommand.class,
            CronRunsCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  svc cron create nightly-audit --schedule \"0 2 * * *\" --kind audit_pdf "
                    + "--params '{\"run_id\":\"7f3c\"}'",
            "  svc cron runs nightly-audit --table"
        })
public final class CronCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "svc cron needs a subcommand: list, create, run, delete or runs");
    }
}
