package svc.cli.users;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc users list}: every user with role, state and origin (admin). */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List users (admin): email, role, disabled, source (password or oidc).",
        footer = {"", "Examples:", "  svc users list --table"})
public final class ListUsersCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("EMAIL", "email"),
            Column.field("ROLE", "role"),
            Column.field("DISABLED", "disabled"),
            Column.field("SOURCE", "source"),
            Column.field("CREATED", "created_at"));

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get(ApiClient.path("/api/v1/users", paging.query(spec))), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
