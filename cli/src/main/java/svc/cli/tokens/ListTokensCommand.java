package svc.cli.tokens;

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

/** {@code svc tokens list}: the caller's tokens (admins: {@code --all}), never their secrets. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List your API tokens (never their secrets): id, name, role, state, expiry.",
        footer = {"", "Examples:", "  svc tokens list --table", "  svc tokens list --all --table"})
public final class ListTokensCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("ID", "id"),
            Column.field("NAME", "name"),
            Column.field("ROLE", "role"),
            Column.field("OWNER", "owner"),
            Column.field("STATE", "state"),
            Column.field("EXPIRES", "expires_at"));

    @Option(names = "--all", description = "Every user's tokens (admin).")
    private boolean all;

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        Map<String, Object> query = paging.query(spec);
        query.put("all", all ? "true" : null);
        output().list(api.get(ApiClient.path("/api/v1/tokens", query)), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
