package svc.core.tools.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.governance.egress.EgressPolicy;

/**
 * {@code http_get}: one GET, text only, the body cut at 256 KB. The first URL was judged by the
 * egress guardrail before the call reached this tool; redirects are not followed by the client,
 * because each target must pass the same egress check again (at most 3 of them).
 */
final class HttpGetTool {

    static final int MAX_BODY_BYTES = 256 * 1024;
    static final int MAX_REDIRECTS = 3;
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(TIMEOUT)
            .build();
    private final EgressPolicy egress;

    /** {@code egress} as the G1 guardrail sees it; an empty allowlist means no egress check, as in G1. */
    HttpGetTool(EgressPolicy egress) {
        this.egress = egress;
    }

    Tool tool() {
        return new SimpleTool(
                "http_get",
                "Fetch a text page (HTML, JSON, CSV, plain text) with HTTP GET; the body "
                        + "is cut at 256 KB; at most 3 redirects, each checked against the egress allowlist.",
                SimpleTool.schema("url"),
                this::get);
    }

    private ToolResult get(ToolContext ctx, JsonNode args) throws IOException, InterruptedException {
        String url = args.path("url").asText("");
        Optional<String> problem = schemeProblem(url);
        if (problem.isPresent()) {
            return ToolResult.error(problem.get());
        }
        URI current = URI.create(url);
        List<String> redirects = new ArrayList<>();
        while (true) {
            HttpResponse<InputStream> response;
            try {
                response = client.send(
                        HttpRequest.newBuilder(current).timeout(TIMEOUT).GET().build(),
                        HttpResponse.BodyHandlers.ofInputStream());
            } catch (HttpTimeoutException e) {
                return ToolResult.error("GET " + current + ": no answer within " + TIMEOUT.toSeconds() + " s");
            } catch (IOException e) {
                return ToolResult.error("GET " + current + " failed: "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            }
            Optional<String> location =
                    isRedirect(response.statusCode()) ? response.headers().firstValue("location") : Optional.empty();
            if (location.isEmpty()) {
                return answer(url, current, response, redirects);
            }
            response.body().close();
            if (redirects.size() == MAX_REDIRECTS) {
                return ToolResult.error("GET " + url + ": more than " + MAX_REDIRECTS + " redirects (last to "
                        + location.get() + "); not followed");
            }
            URI next;
            try {
                next = current.resolve(new URI(location.get()));
            } catch (URISyntaxException e) {
                return ToolResult.error("GET " + current + " redirected to an invalid URL '" + location.get() + "'");
            }
            Optional<String> refused = schemeProblem(next.toString()).or(() -> egressProblem(next.toString()));
            if (refused.isPresent()) {
                return ToolResult.error(
                        "GET " + current + " redirected to " + next + ", which is refused: " + refused.get());
            }
            redirects.add(next.toString());
            current = next;
        }
    }

    private ToolResult answer(String url, URI finalUri, HttpResponse<InputStream> response, List<String> redirects)
            throws IOException {
        String contentType = response.headers().firstValue("content-type").orElse("");
        byte[] body;
        try (InputStream in = response.body()) {
            body = in.readNBytes(MAX_BODY_BYTES + 1);
        }
        boolean truncated = body.length > MAX_BODY_BYTES;
        int length = Math.min(body.length, MAX_BODY_BYTES);
        if (!isText(contentType, body, length)) {
            return ToolResult.error("GET " + finalUri + " answered "
                    + (contentType.isEmpty() ? "a body without a Content-Type" : contentType)
                    + " that is not text; http_get reads only text");
        }
        ObjectNode out = Json.object()
                .put("url", url)
                .put("final_url", finalUri.toString())
                .put("status", response.statusCode())
                .put("content_type", contentType)
                .put("truncated", truncated)
                .put("body", new String(body, 0, length, charset(contentType)));
        redirects.forEach(out.putArray("redirects")::add);
        return new ToolResult(response.statusCode() < 400, Json.write(out), Map.of());
    }

    private Optional<String> egressProblem(String url) {
        if (egress.allowlist().isEmpty()) {
            return Optional.empty();
        }
        EgressPolicy.UrlCheck check = egress.check(url);
        return check.allowed() ? Optional.empty() : Optional.of(check.reason());
    }

    private static Optional<String> schemeProblem(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Optional.of("'" + url + "' is not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.of("http_get needs an absolute http or https URL, got '" + url + "'");
        }
        if (uri.getHost() == null) {
            return Optional.of("'" + url + "' has no host");
        }
        return Optional.empty();
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    private static boolean isText(String contentType, byte[] body, int length) {
        String type = contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].strip();
        if (type.isEmpty()) {
            for (int i = 0; i < Math.min(length, 8192); i++) {
                if (body[i] == 0) {
                    return false;
                }
            }
            return true;
        }
        return type.startsWith("text/")
                || type.endsWith("+json")
                || type.endsWith("+xml")
                || List.of(
                                "application/json",
                                "application/xml",
                                "application/javascript",
                                "application/x-ndjson",
                                "application/csv")
                        .contains(type);
    }

    private static Charset charset(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                try {
                    return Charset.forName(
                            p.substring("charset=".length()).replace("\"", "").strip());
                } catch (IllegalArgumentException e) {
                    return StandardCharsets.UTF_8;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
