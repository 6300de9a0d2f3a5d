package svc.cli.models;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc models}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "models",
        mixinStandardHelpOptions = true,
        description = "List the models runs registered and show one with its metrics, fairness and lineage.",
        subcommands = {ListModelsCommand.class, ShowModelCommand.class},
        footer = {"", "Examples:", "  svc models list --table", "  svc models show model-7f3c2a9e1b2c3d4e-xgboost"})
public final class ModelsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc models needs a subcommand: list or show");
    }
}
