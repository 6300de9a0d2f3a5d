package svc.cli.deploy;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import svc.cli.ExitCodes;
import svc.deployments.Deployments;
import svc.deployments.Deployments.Validation;

/** {@code svc deploy validate}: every finding, one per line; exit 1 on any error. */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = {
            "Review a deployment: every finding, one per line.",
            "Each reads 'error: deployment.yaml line 3: ...' or 'warning: ...': missing or unparseable config,",
            "unknown fields, customer-name mismatch, bad library references, assets missing from the",
            "shelf, unknown templates, and overrides that weaken the template (retention below a",
            "regulated minimum, an allow on a tool the profile denies at priority 60 or more, ...).",
            "Exit 0 when there is no error (warnings allowed), 1 otherwise."
        },
        footer = {
            "",
            "Examples:",
            "  svc deploy validate acme_bank",
            "  svc deploy validate acme_bank --root ~/src/svc | grep ^error"
        })
public final class ValidateDeploymentCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private RootOption root;

    @Parameters(index = "0", paramLabel = "CUSTOMER", description = "The deployment to review.")
    private String customer;

    @Override
    public Integer call() {
        Validation validation = Deployments.validate(Findings.directory(root.root(), customer));
        PrintWriter out = spec.commandLine().getOut();
        Findings.print(out, validation.findings());
        String counts = Findings.count(validation.errorCount(), "error") + ", "
                + Findings.count(validation.warningCount(), "warning");
        if (validation.hasErrors()) {
            spec.commandLine().getErr().println("svc: deployment " + customer + " is not valid: " + counts);
            return ExitCodes.FAILURE;
        }
        out.println("OK: deployment " + customer + " is valid (" + counts + ")");
        return ExitCodes.OK;
    }
}
