package svc.cli.features;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc features}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "features",
        mixinStandardHelpOptions = true,
        description = "Show feature flags and override them at runtime (admin).",
        subcommands = {
            ListFeaturesCommand.class,
            GetFeatureCommand.class,
            SetFeatureCommand.class,
            ResetFeatureCommand.class
        },
        footer = {"", "Examples:", "  svc features list --table", "  svc features set hooks_enabled false"})
public final class FeaturesCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc features needs a subcommand: list, get, set or reset");
    }
}
