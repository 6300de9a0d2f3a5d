package svc.cli.approvals;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc approvals reject GATE_ID --rationale TEXT}: ends the run at the gate; a reason is required. */
@Command(
        name = "reject",
        mixinStandardHelpOptions = true,
        description =
                "Reject a gate (operator); the run fails with the rationale as its reason. Prints the run record.",
        footer = {
            "",
            "Examples:",
            "  svc approvals reject 7f3c2a9e-deploy_approval-1 --rationale \"recall on the minority group too low\""
        })
public final class RejectCommand extends ClientCommand {

    @Parameters(paramLabel = "GATE_ID", description = "The gate's id (svc approvals list shows it).")
    private String gateId;

    @Option(
            names = "--rationale",
            required = true,
            paramLabel = "TEXT",
            description = "Why the gate is rejected (required).")
    private String rationale;

    @Override
    protected int run(ApiClient api) {
        if (rationale.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--rationale must say why the gate is rejected");
        }
        output().json(Decision.send(api, gateId, false, rationale));
        return ExitCodes.OK;
    }
}
