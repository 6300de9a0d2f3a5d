package svc.core.tools.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletSseServerTransportProvider;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * In-process MCP servers over HTTP for the tests: the SDK's streamable-HTTP servlet at
 * {@code /mcp} and its SSE servlet at {@code /sse} (messages to {@code /message}), in an embedded
 * Tomcat on 127.0.0.1 and a free port.
 */
public final class HttpMcpServers implements AutoCloseable {

    private final Tomcat tomcat;
    private final McpSyncServer streamable;
    private final McpSyncServer sse;
    final int port;

    public HttpMcpServers() throws Exception {
        HttpServletStreamableServerTransportProvider streamableTransport =
                HttpServletStreamableServerTransportProvider.builder()
                        .jsonMapper(TestMcpTools.WIRE)
                        .mcpEndpoint("/mcp")
                        .build();
        HttpServletSseServerTransportProvider sseTransport = HttpServletSseServerTransportProvider.builder()
                .jsonMapper(TestMcpTools.WIRE)
                .sseEndpoint("/sse")
                .messageEndpoint("/message")
                .build();
        streamable = McpServer.sync(streamableTransport)
                .serverInfo("test-http", "1")
                .capabilities(TestMcpTools.capabilities())
                .tools(TestMcpTools.specs("http", false))
                .build();
        sse = McpServer.sync(sseTransport)
                .serverInfo("test-sse", "1")
                .capabilities(TestMcpTools.capabilities())
                .tools(TestMcpTools.specs("sse", false))
                .build();
        Path base = Files.createTempDirectory("mcp-tomcat");
        tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        tomcat.setHostname("127.0.0.1");
        tomcat.setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        Context context = tomcat.addContext("", base.toString());
        Tomcat.addServlet(context, "mcp", streamableTransport).setAsyncSupported(true);
        context.addServletMappingDecoded("/mcp", "mcp");
        Tomcat.addServlet(context, "sse", sseTransport).setAsyncSupported(true);
        context.addServletMappingDecoded("/sse", "sse");
        context.addServletMappingDecoded("/message", "sse");
        tomcat.start();
        port = tomcat.getConnector().getLocalPort();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    @Override
    public void close() throws LifecycleException {
        streamable.close();
        sse.close();
        tomcat.stop();
        tomcat.destroy();
    }
}
