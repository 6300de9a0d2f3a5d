package svc.cli.mcp;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code svc mcp}: the group; on its own it is a usage error that lists the subcommands. */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = "svc as an MCP server for MCP clients (assistants, IDEs).",
        subcommands = {McpServeCommand.class},
        footer = {"", "Examples:", "  svc mcp serve --url http://localhost:8000"})
public final class McpCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "svc mcp needs a subcommand: serve");
    }
}
