package svc.core.tools.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;

/** {@code http_get} against a JDK HTTP server on 127.0.0.1, port 0. */
class HttpGetToolTest {

    private HttpServer server;
    private String base;
    private final ToolContext ctx = new ToolContext("run-1", "data-engineer", Path.of("."), Map.of());

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext(
                "/text", ex -> reply(ex, 200, "text/plain; charset=utf-8", "héllo".getBytes(StandardCharsets.UTF_8)));
        server.createContext(
                "/big", ex -> reply(ex, 200, "text/csv", "x,y\n".repeat(100_000).getBytes(StandardCharsets.UTF_8)));
        server.createContext("/binary", ex -> reply(ex, 200, "application/octet-stream", new byte[] {0, 1, 2}));
        server.createContext("/missing", ex -> reply(ex, 404, "text/plain", "nope".getBytes(StandardCharsets.UTF_8)));
        server.createContext("/hop", ex -> redirect(ex, "/text"));
        server.createContext("/loop", ex -> redirect(ex, "/loop"));
        server.createContext("/to-file", ex -> redirect(ex, "file:///etc/passwd"));
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void fetchesATextPage() throws Exception {
        ToolResult r = get(EgressAllowlist.none(), base + "/text");
        JsonNode out = Json.parse(r.contentJson());
        assertThat(r.ok()).as(r.contentJson()).isTrue();
        assertThat(out.path("status").asInt()).isEqualTo(200);
        assertThat(out.path("body").asText()).isEqualTo("héllo");
        assertThat(out.path("truncated").asBoolean()).isFalse();
    }

    @Test
    void cutsTheBodyAt256Kilobytes() throws Exception {
        JsonNode out = Json.parse(get(EgressAllowlist.none(), base + "/big").contentJson());
        assertThat(out.path("body").asText()).hasSize(256 * 1024);
        assertThat(out.path("truncated").asBoolean()).isTrue();
    }

    @Test
    void refusesABinaryBody() throws Exception {
        ToolResult r = get(EgressAllowlist.none(), base + "/binary");
        assertThat(r.ok()).isFalse();
        assertThat(r.contentJson()).contains("application/octet-stream").contains("not text");
    }

    @Test
    void anErrorStatusIsReportedAsAFailureWithItsBody() throws Exception {
        ToolResult r = get(EgressAllowlist.none(), base + "/missing");
        assertThat(r.ok()).isFalse();
        assertThat(Json.parse(r.contentJson()).path("status").asInt()).isEqualTo(404);
    }

    @Test
    void followsARedirectWhenTheAllowlistIsUnconfigured() throws Exception {
        ToolResult r = get(EgressAllowlist.none(), base + "/hop");
        JsonNode out = Json.parse(r.contentJson());
        assertThat(out.path("body").asText()).isEqualTo("héllo");
        assertThat(out.path("final_url").asText()).isEqualTo(base + "/text");
        assertThat(out.path("redirects").get(0).asText()).isEqualTo(base + "/text");
    }

    @Test
    void checksEachRedirectTargetAgainstAConfiguredAllowlist() throws Exception {
        // The first URL was G1's business; the redirect target is the tool's: loopback is blocked whatever the list
        // says.
        ToolResult r = get(EgressAllowlist.parse("example.com,127.0.0.1"), base + "/hop");
        assertThat(r.ok()).isFalse();
        assertThat(r.contentJson())
                .contains("redirected to " + base + "/text")
                .contains("refused")
                .contains("blocked whatever the allowlist says");
    }

    @Test
    void stopsAfterThreeRedirects() throws Exception {
        ToolResult r = get(EgressAllowlist.none(), base + "/loop");
        assertThat(r.ok()).isFalse();
        assertThat(r.contentJson()).contains("more than 3 redirects");
    }

    @Test
    void refusesARedirectToAnotherScheme() throws Exception {
        ToolResult r = get(EgressAllowlist.none(), base + "/to-file");
        assertThat(r.ok()).isFalse();
        assertThat(r.contentJson()).contains("file:///etc/passwd").contains("http or https");
    }

    @Test
    void refusesANonHttpUrl() throws Exception {
        assertThat(get(EgressAllowlist.none(), "ftp://example.com/x").contentJson())
                .contains("http or https");
    }

    private ToolResult get(EgressAllowlist allowlist, String url) throws Exception {
        return new HttpGetTool(new EgressPolicy(allowlist))
                .tool()
                .invoke(ctx, Json.object().put("url", url));
    }

    private static void redirect(HttpExchange ex, String location) throws IOException {
        ex.getResponseHeaders().add("Location", location);
        ex.sendResponseHeaders(302, -1);
        ex.close();
    }

    private static void reply(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().add("Content-Type", type);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }
}
