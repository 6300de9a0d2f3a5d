package svc.cli.approvals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc approvals list}: gates waiting for a decision (or in another state), of one run or all. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List approval gates; pending ones unless --state says otherwise.",
        footer = {
            "",
            "Examples:",
            "  svc approvals list --table",
            "  svc approvals list --run 7f3c2a9e-1b2d-4e5f-8a9b-0c1d2e3f4a5b --state approved"
        })
public final class ListApprovalsCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("GATE_ID", "gate_id"),
            Column.field("RUN_ID", "run_id"),
            Column.field("TYPE", "type"),
            Column.field("STATE", "state"),
            Column.field("CREATED_AT", "created_at"),
            Column.field("ESCALATED_AT", "escalated_at"));

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Option(names = "--run", paramLabel = "RUN_ID", description = "Only this run's gates.")
    private String runId;

    @Option(
            names = "--state",
            paramLabel = "STATE",
            defaultValue = "pending",
            description = "pending (default), approved, rejected or expired.")
    private String state;

    @Override
    protected int run(ApiClient api) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("state", state);
        query.put("run_id", runId);
        query.putAll(paging.query(spec));
        output().list(api.get(ApiClient.path("/api/v1/approvals", query)), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
