package svc.core.tools.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import svc.config.settings.McpServerConfig;
import svc.config.settings.McpTransport;

/**
 * A stdio MCP server run as a child JVM by the tests: the SDK's stdio transport on this process's
 * standard input and output. Anything else that prints (a logger) goes to standard error, so the
 * protocol stream stays clean. Ends when its input closes (the client stops it).
 */
public final class StdioMcpServerMain {

    private StdioMcpServerMain() {}

    /** This server as a settings file would name it: this JVM's java and class path. */
    public static McpServerConfig config(String name) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new McpServerConfig(
                new McpTransport.Stdio(
                        java,
                        List.of(
                                "-Xmx64m",
                                "-XX:TieredStopAtLevel=1",
                                "-cp",
                                System.getProperty("java.class.path"),
                                StdioMcpServerMain.class.getName(),
                                name)),
                Map.of());
    }

    public static void main(String[] args) throws Exception {
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        String name = args.length > 0 ? args[0] : "stdio";
        McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(TestMcpTools.WIRE, System.in, protocol))
                .serverInfo("test-" + name, "1")
                .capabilities(TestMcpTools.capabilities())
                .tools(TestMcpTools.specs(name, true))
                .build();
        // The transport reads on its own threads; this one only keeps the process until input ends.
        synchronized (StdioMcpServerMain.class) {
            StdioMcpServerMain.class.wait();
        }
        server.close();
    }
}
