package svc.cli.deploy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.cli.server.ServerConfiguration;
import svc.config.settings.SettingsFile;
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
            "5. residual risks; written from the configuration `svc server` would run with here",
            "(defaults, the template, the deployment, the settings file, the environment): only what",
            "the runtime enforces, each with the setting and origin that decide it.",
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
        // What `svc server` would run with here: this deployment, the settings file, this environment.
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put(Deployments.ENV, deployment.directory().toString());
        ServerConfiguration.Resolved resolved;
        try {
            resolved = ServerConfiguration.resolve(
                    env, SettingsFile.defaultPath(), Path.of("").toAbsolutePath(), Map.of());
        } catch (ServerConfiguration.Invalid e) {
            e.problems().forEach(p -> spec.commandLine().getErr().println("svc deploy whitepaper: " + p));
            spec.commandLine().getErr().flush();
            return ExitCodes.FAILURE;
        }
        spec.commandLine().getOut().print(Whitepaper.render(deployment, resolved.effective(), Optional.empty()));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
