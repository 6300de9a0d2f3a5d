package svc.cli.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import svc.cli.ExitCodes;
import svc.cli.SvcVersion;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/**
 * {@code svc mcp serve}: speaks MCP on standard input and output (the SDK's stdio transport)
 * until its input ends. Each tool is one call of the HTTP API of the server named by
 * {@code --url} (else {@code SVC_URL}, else the login), with the cached login's token: start a
 * run, list runs, read a run's artefact, decide a gate. Standard output belongs to the protocol,
 * so anything else this process prints goes to standard error.
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Serve svc's tools to an MCP client over stdio (log in first with svc login).")
public final class McpServeCommand extends ClientCommand {

    @Override
    protected int run(ApiClient api) {
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        CountDownLatch ended = new CountDownLatch(1);
        InputStream in = new FilterInputStream(server.environment().stdin()) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n < 0) {
                    ended.countDown();
                }
                return n;
            }

            @Override
            public int read() throws IOException {
                int c = super.read();
                if (c < 0) {
                    ended.countDown();
                }
                return c;
            }
        };
        McpSyncServer mcp = McpServer.sync(new StdioServerTransportProvider(SvcMcpTools.WIRE, in, protocol))
                .serverInfo("svc", SvcVersion.current())
                .capabilities(SvcMcpTools.capabilities())
                .tools(new SvcMcpTools(api).specifications())
                .build();
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            mcp.close();
        }
        return ExitCodes.OK;
    }
}
