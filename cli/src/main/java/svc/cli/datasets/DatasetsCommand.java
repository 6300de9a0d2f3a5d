package svc.cli.datasets;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc datasets}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "datasets",
        mixinStandardHelpOptions = true,
        description = "Upload datasets to the server (so runs need no shell on it), list and show them.",
        subcommands = {UploadDatasetCommand.class, ListDatasetsCommand.class, ShowDatasetCommand.class},
        footer = {
            "",
            "Examples:",
            "  svc datasets upload data/german_credit/german_credit.csv",
            "  svc pipelines run --dataset-id ds-1a2b3c4d5e6f7a8b --problem \"Predict credit risk\""
        })
public final class DatasetsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc datasets needs a subcommand: upload, list or show");
    }
}
