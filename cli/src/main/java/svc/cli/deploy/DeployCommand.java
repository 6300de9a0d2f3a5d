package svc.cli.deploy;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc deploy}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "deploy",
        mixinStandardHelpOptions = true,
        description = {
            "Per-customer deployments: scaffold, review, ship and describe them.",
            "A deployment is deployments/customers/<customer>/ in the checkout; SVC_DEPLOYMENT selects one at server "
                    + "boot."
        },
        subcommands = {
            NewDeploymentCommand.class,
            ValidateDeploymentCommand.class,
            ShipDeploymentCommand.class,
            VerifyShipCommand.class,
            KeygenCommand.class,
            WhitepaperCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy new acme_bank --template=bfsi_baseline",
            "  svc deploy validate acme_bank",
            "  svc deploy keygen keys/ship",
            "  svc deploy ship acme_bank --output=dist --version=1.0.0 --key-dir=keys/ship",
            "  svc deploy verify dist/svc-acme_bank-1.0.0.tar.gz --key=keys/ship",
            "  svc deploy whitepaper acme_bank > acme_bank.md"
        })
public final class DeployCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(), "svc deploy needs a subcommand: new, validate, ship, verify, keygen or whitepaper");
    }
}
