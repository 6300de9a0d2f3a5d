package svc.cli.plugins;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;

/** {@code svc plugins commands}: every plugin command. */
@Command(
        name = "commands",
        mixinStandardHelpOptions = true,
        description = "List plugin commands (<plugin>:<command>, the agent each asks).",
        footer = {"", "Examples:", "  svc plugins commands --table"})
public final class PluginCommandsCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("COMMAND", "qname"),
            Column.field("AGENT", "agent"),
            Column.field("ARGUMENTS", "argument_hint"),
            Column.field("DESCRIPTION", "description"));

    @Mixin
    private OutputOptions output;

    @Override
    protected int run(ApiClient api) {
        output().list(api.get("/api/v1/plugins/commands"), output.table(), COLUMNS);
        return ExitCodes.OK;
    }
}
