package svc.cli.batch;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc batch}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "batch",
        mixinStandardHelpOptions = true,
        description = "Submit, list, inspect, resume and cancel batch jobs; print their results.",
        subcommands = {
            ListBatchesCommand.class,
            SubmitBatchCommand.class,
            BatchStatusCommand.class,
            BatchResultsCommand.class,
            ResumeBatchCommand.class,
            CancelBatchCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  svc batch submit --kind inference --run 7f3c2a9e --input rows.jsonl",
            "  svc batch results b-1a2b3c4d5e6f > results.jsonl"
        })
public final class BatchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "svc batch needs a subcommand: list, submit, status, results, resume or cancel");
    }
}
