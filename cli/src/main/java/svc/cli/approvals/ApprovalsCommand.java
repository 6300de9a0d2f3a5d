package svc.cli.approvals;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc approvals}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "approvals",
        mixinStandardHelpOptions = true,
        description = "List approval gates and approve or reject them.",
        subcommands = {ListApprovalsCommand.class, ApproveCommand.class, RejectCommand.class},
        footer = {
            "",
            "Examples:",
            "  svc approvals list --table",
            "  svc approvals approve RUN_ID-deploy_approval-1 --rationale \"metrics reviewed\""
        })
public final class ApprovalsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc approvals needs a subcommand: list, approve or reject");
    }
}
