package svc.core.tools.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapperSupplier;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.settings.McpServerConfig;
import svc.config.settings.McpTransport;
import svc.core.tools.ToolSource;

/**
 * One MCP server: started on first need (its tool list or a call), marked crashed when a request
 * fails for any reason other than an error answer of the server, and started again on the next
 * need (no sooner than the restart backoff after the last start). Every method may block on the
 * SDK: callers are on the blocking dispatcher. One lock per server serialises start, stop and the
 * crash mark; calls themselves run outside it, so a slow tool does not hold up the others.
 *
 * <p>A server process (stdio) or connection (HTTP, SSE) belongs to this JVM: each node of a
 * cluster runs its own, as each runs its own tools; nothing of it is shared state.
 */
final class McpServerHandle {

    private static final Logger LOG = LoggerFactory.getLogger(McpServerHandle.class);
    /** The SDK configures its own Jackson 2 mapper for the protocol's wire format. */
    private static final McpJsonMapper WIRE = new JacksonMcpJsonMapperSupplier().get();

    private final String name;
    private final String origin;
    private final McpServerConfig config;
    private final McpSettings settings;
    private final Clock clock;

    private McpSyncClient client;
    private List<McpSchema.Tool> tools = List.of();
    private String state = "not_started";
    private int starts;
    private String lastError = "";
    private Instant lastStart = Instant.EPOCH;
    /** The transport of the running stdio server, whose process exit is watched. */
    private StdioClientTransport stdioTransport;
    /** Removed with its origin (a plugin uninstalled): stopped for good, a late call does not start it again. */
    private boolean retired;

    McpServerHandle(String name, String origin, McpServerConfig config, McpSettings settings, Clock clock) {
        this.name = name;
        this.origin = origin;
        this.config = config;
        this.settings = settings;
        this.clock = clock;
    }

    String name() {
        return name;
    }

    /** The remote address (HTTP and SSE), which the egress allowlist (G1) judges before each call. */
    Optional<String> remoteUrl() {
        if (config.transport() instanceof McpTransport.Http http) {
            return Optional.of(http.url());
        }
        if (config.transport() instanceof McpTransport.Sse sse) {
            return Optional.of(sse.url());
        }
        return Optional.empty();
    }

    String kind() {
        return config.transport() instanceof McpTransport.Stdio
                ? "stdio"
                : config.transport() instanceof McpTransport.Http ? "http" : "sse";
    }

    /** The server's tools, starting it when needed. */
    List<McpSchema.Tool> tools() {
        running();
        synchronized (this) {
            return tools;
        }
    }

    /** The tools seen at the last start, without starting anything. */
    synchronized List<McpSchema.Tool> knownTools() {
        return tools;
    }

    /**
     * Calls one tool. An error answer of the server (JSON-RPC error, or a result marked as an
     * error) is the tool's answer; anything else (the process died, the connection broke, no
     * answer in time) marks the server crashed, so the next need starts it again.
     */
    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        McpSyncClient c = running();
        try {
            return c.callTool(new McpSchema.CallToolRequest(tool, arguments));
        } catch (McpError e) {
            throw e;
        } catch (RuntimeException e) {
            crashed(c, e);
            throw new IllegalStateException(
                    "MCP server " + name + " failed during the call (" + describe(e)
                            + "); it will be started again on the next call",
                    e);
        }
    }

    synchronized ToolSource.Health health() {
        return new ToolSource.Health(name, "mcp:" + kind(), state, Math.max(0, starts - 1), detail());
    }

    /** Stops the server for good: its origin is gone, so nothing may start it again. */
    synchronized void retire() {
        retired = true;
        stop();
    }

    String origin() {
        return origin;
    }

    synchronized void stop() {
        if (client != null) {
            McpSyncClient c = client;
            client = null;
            closeQuietly(c);
        }
        if (!state.equals("not_started")) {
            state = "stopped";
        }
    }

    // ---- lifecycle --------------------------------------------------------------------------

    private synchronized McpSyncClient running() {
        if (client != null) {
            return client;
        }
        if (retired) {
            throw new IllegalStateException("MCP server " + name + " was removed with " + origin);
        }
        Instant now = clock.instant();
        if (state.equals("crashed") && now.isBefore(lastStart.plus(settings.restartBackoff()))) {
            throw new IllegalStateException("MCP server " + name + " crashed (" + lastError + ") and restarts after "
                    + settings.restartBackoff().toMillis() + " ms");
        }
        lastStart = now;
        starts++;
        McpSyncClient c = null;
        try {
            c = McpClient.sync(transport())
                    .clientInfo(new McpSchema.Implementation("svc", "1"))
                    .initializationTimeout(settings.initTimeout())
                    .requestTimeout(settings.requestTimeout())
                    .build();
            c.initialize();
            tools = List.copyOf(c.listTools().tools());
            client = c;
            if (stdioTransport != null) {
                watchExit(stdioTransport, c);
            }
            state = "running";
            lastError = "";
            LOG.info("MCP server {} ({}, from {}) started with {} tools", name, kind(), origin, tools.size());
            return c;
        } catch (RuntimeException e) {
            if (c != null) {
                closeQuietly(c);
            }
            state = "crashed";
            lastError = "could not start: " + describe(e);
            LOG.warn("MCP server {} ({}) could not start: {}", name, kind(), describe(e));
            throw new IllegalStateException("MCP server " + name + " could not start: " + describe(e), e);
        }
    }

    /**
     * The SDK answers a request to a process that died only when the request times out; a
     * watcher that waits for the process's exit marks the server crashed at once and closes the
     * client, which fails the requests in flight. One daemon thread per running stdio server,
     * parked in {@code Process.waitFor}.
     */
    private void watchExit(StdioClientTransport transport, McpSyncClient c) {
        Thread watcher = new Thread(
                () -> {
                    transport.awaitForExit();
                    crashed(c, new IllegalStateException("the server process exited"));
                },
                "mcp-exit-" + name);
        watcher.setDaemon(true);
        watcher.start();
    }

    private synchronized void crashed(McpSyncClient failed, RuntimeException cause) {
        if (client == failed) {
            client = null;
            failed.close();
            state = "crashed";
            lastError = describe(cause);
            LOG.warn("MCP server {} ({}) crashed: {}", name, kind(), lastError);
        }
    }

    private McpClientTransport transport() {
        stdioTransport = null;
        McpTransport t = config.transport();
        if (t instanceof McpTransport.Stdio stdio) {
            ServerParameters params = ServerParameters.builder(stdio.command())
                    .args(stdio.args())
                    .env(config.env())
                    .build();
            StdioClientTransport transport = new StdioClientTransport(params, WIRE) {
                /**
                 * The server gets the SDK's short list of inherited variables (HOME, PATH, …) and
                 * its {@code env}, never the rest of svc's environment (keys, secrets).
                 */
                @Override
                protected ProcessBuilder getProcessBuilder() {
                    ProcessBuilder builder = super.getProcessBuilder();
                    builder.environment().clear();
                    return builder;
                }
            };
            transport.setStdErrorHandler(line -> LOG.debug("MCP server {} stderr: {}", name, line));
            stdioTransport = transport;
            return transport;
        }
        if (t instanceof McpTransport.Http http) {
            URI uri = URI.create(http.url());
            return HttpClientStreamableHttpTransport.builder(base(uri))
                    .endpoint(pathOr(uri, "/mcp"))
                    .requestBuilder(withHeaders(http.headers()))
                    .jsonMapper(WIRE)
                    .connectTimeout(settings.initTimeout())
                    .build();
        }
        McpTransport.Sse sse = (McpTransport.Sse) t;
        URI uri = URI.create(sse.url());
        return HttpClientSseClientTransport.builder(base(uri))
                .sseEndpoint(pathOr(uri, "/sse"))
                .requestBuilder(withHeaders(sse.headers()))
                .jsonMapper(WIRE)
                .connectTimeout(settings.initTimeout())
                .build();
    }

    private static String base(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    private static String pathOr(URI uri, String fallback) {
        String path = uri.getRawPath();
        String query = uri.getRawQuery();
        if (path == null || path.isEmpty() || path.equals("/")) {
            path = fallback;
        }
        return query == null ? path : path + "?" + query;
    }

    private static HttpRequest.Builder withHeaders(Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder();
        headers.forEach(b::header);
        return b;
    }

    private String detail() {
        String where = config.transport() instanceof McpTransport.Stdio stdio
                ? stdio.command()
                : remoteUrl().orElse("");
        return lastError.isEmpty() ? where + " (" + origin + ")" : where + " (" + origin + "): " + lastError;
    }

    private void closeQuietly(McpSyncClient c) {
        try {
            c.closeGracefully();
        } catch (RuntimeException e) {
            LOG.debug("MCP server {} did not close gracefully: {}", name, describe(e));
            c.close();
        }
    }

    static String describe(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getMessage() == null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
