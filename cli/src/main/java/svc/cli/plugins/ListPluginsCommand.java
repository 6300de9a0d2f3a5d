package svc.cli.plugins;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;

/** {@code svc plugins list}: every installed plugin. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List installed plugins (the list envelope as JSON, or a table with --table).",
        footer = {"", "Examples:", "  svc plugins list --table"})
public final class ListPluginsCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("NAME", "name"),
            Column.field("VERSION", "version"),
            Column.field("SKILLS", "skills"),
            Column.field("COMMANDS", "commands"),
            Column.field("AGENTS", "agents"),
            Column.field("HOOKS", "hooks"),
            Column.field("INSTALLED_AT", "installed_at"));

    @Mixin
    private OutputOptions output;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get("/api/v1/plugins"), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
