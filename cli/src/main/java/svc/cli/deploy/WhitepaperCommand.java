package svc.cli.deploy;

import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.deployments.Deployment;
import svc.deployments.DeploymentException;
import svc.deployments.Deployments;
import svc.deployments.whitepaper.Whitepaper;

/** {@code svc deploy whitepaper}: the deployment's whitepaper as Markdown on stdout. */
@Command(
        name = "whitepaper",
        mixinStandardHelpOptions = true,
        description = {
            "Print the deployment's five-section whitepaper (Markdown).",
            "Sections: 1. deployment summary, 2. active guardrails,",
            "3. compliance mapping (permission rules, gates, retention), 4. verification commands,",
            "5. residual risks; written from the template and the customer's overrides.",
            "A deployment with validation errors has no whitepaper (exit 1, findings on stderr)."
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy whitepaper acme_bank",
            "  svc deploy whitepaper acme_bank > acme_bank-whitepaper.md"
        })
public final class WhitepaperCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RootOption root;

    @Parameters(index = "0", paramLabel = "CUSTOMER", description = "The deployment to describe.")
    private String customer;

    @Override
    public Integer call() {
        Deployment deployment;
        try {
            deployment = Deployments.load(Findings.directory(root.root(), customer));
        } catch (DeploymentException e) {
            throw Findings.failure(spec.commandLine().getErr(), e);
        }
        spec.commandLine().getOut().print(Whitepaper.render(deployment, Optional.empty()));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
