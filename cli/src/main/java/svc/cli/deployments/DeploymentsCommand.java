package svc.cli.deployments;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc deployments}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "deployments",
        mixinStandardHelpOptions = true,
        description = "Deploy saved models under a model name as champion, challenger or shadow; promote, retire,"
                + " and read a name's history.",
        subcommands = {
            ListDeploymentsCommand.class,
            DeployModelCommand.class,
            PromoteDeploymentCommand.class,
            RetireDeploymentCommand.class,
            DeploymentHistoryCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  svc deployments list --table",
            "  svc deployments deploy german_credit --model model-7f3c2a9e1b2d4e5f-xgboost --role challenger"
                    + " --traffic 20",
            "  svc deployments promote german_credit dep-1a2b3c4d5e6f"
        })
public final class DeploymentsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "svc deployments needs a subcommand: list, deploy, promote, retire or history");
    }
}
