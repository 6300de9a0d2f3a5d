package svc.cli.audit;

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

/** {@code svc audit log}: the admin actions the server recorded, newest first (admin). */
@Command(
        name = "log",
        mixinStandardHelpOptions = true,
        description = "List admin actions (users, roles, flags, plugins, tokens, retention, erasure), newest first"
                + " (admin).",
        footer = {
            "",
            "Examples:",
            "  svc audit log --table",
            "  svc audit log --actor admin@example.com --action users.update --from 2026-11-01T00:00:00Z"
        })
public final class LogCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("AT", "at"),
            Column.field("ACTOR", "actor"),
            Column.field("ACTION", "action"),
            Column.field("METHOD", "method"),
            Column.field("TARGET", "target"),
            Column.field("STATUS", "status"));

    @Option(names = "--actor", description = "Only actions by this user (email) or api-key:<prefix>.")
    private String actor;

    @Option(names = "--action", description = "Only this action, e.g. users.update or features.set.one.")
    private String action;

    @Option(names = "--from", paramLabel = "INSTANT", description = "From this ISO-8601 instant (inclusive).")
    private String from;

    @Option(names = "--to", paramLabel = "INSTANT", description = "Before this ISO-8601 instant.")
    private String to;

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        Map<String, Object> query = paging.query(spec);
        query.put("actor", actor);
        query.put("action", action);
        query.put("from", from);
        query.put("to", to);
        output().list(api.get(ApiClient.path("/api/v1/audit", query)), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
