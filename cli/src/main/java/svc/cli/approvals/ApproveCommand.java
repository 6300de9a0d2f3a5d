package svc.cli.approvals;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc approvals approve GATE_ID}: lets the run continue past the gate. */
@Command(
        name = "approve",
        mixinStandardHelpOptions = true,
        description = "Approve a gate (operator); the run continues. Prints the run record.",
        footer = {
            "",
            "Examples:",
            "  svc approvals approve 7f3c2a9e-deploy_approval-1 --rationale \"fairness and test metrics reviewed\""
        })
public final class ApproveCommand extends ClientCommand {

    @Parameters(paramLabel = "GATE_ID", description = "The gate's id (svc approvals list shows it).")
    private String gateId;

    @Option(
            names = "--rationale",
            paramLabel = "TEXT",
            description = "Why; kept in the run's approvals record and audit PDF.")
    private String rationale;

    @Override
    protected int run(ApiClient api) {
        output().json(Decision.send(api, gateId, true, rationale));
        return ExitCodes.OK;
    }
}
