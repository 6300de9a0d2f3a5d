package svc.cli.pipelines;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc pipelines}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "pipelines",
        mixinStandardHelpOptions = true,
        description = "Start, list, inspect, follow, cancel and resume pipeline runs.",
        subcommands = {
            ListPipelinesCommand.class,
            RunPipelineCommand.class,
            PipelineStatusCommand.class,
            CancelPipelineCommand.class,
            ResumePipelineCommand.class,
            PipelineLogsCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  svc pipelines run --dataset data/german_credit/german_credit.csv --problem \"Predict credit risk\" "
                    + "--follow",
            "  svc pipelines list --state running --table"
        })
public final class PipelinesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "svc pipelines needs a subcommand: list, run, status, cancel, resume or logs");
    }
}
