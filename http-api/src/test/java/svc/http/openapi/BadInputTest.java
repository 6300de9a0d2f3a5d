package svc.http.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;
import svc.http.testing.TestServer;

/**
 * Issue 18, item 3: every operation of the server's own {@code /openapi.json} is sent malformed
 * JSON, wrong types, missing and unknown fields, huge values (long strings, deep nesting, long
 * numbers), invalid UTF-8, an oversized body, wrong content types, and traversal ({@code ../},
 * encoded, NUL, invalid UTF-8 escapes, over-long) in every path parameter and odd values in every
 * query parameter, as an admin (so the request reaches the parsers, not only the authenticator).
 * Every answer must come within the client's timeout, never be a 5xx, and every 4xx must be a
 * problem document; a request that cannot be read (malformed, wrong type, unknown field, wrong
 * content type, too big) must be a 4xx. Afterwards {@code /healthz} and a normal request answer
 * 200. It prints how many requests each operation got. One server of its own (some operations
 * change state: erasure, retention, flags), real HTTP, loopback.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String PROBLEM = "application/problem+json";

    private Platform platform;
    private HttpServer server;
    private String base;
    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(TIMEOUT)
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private final Map<String, Integer> sent = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        Path home = Files.createTempDirectory("svc-bad-input");
        Config config = ConfigFactory.parseMap(Map.of(
                        "svc.home",
                        home.toString(),
                        "svc.http.host",
                        "127.0.0.1",
                        "svc.http.port",
                        0,
                        "svc.cron.scheduler",
                        "off"))
                .withFallback(ConfigFactory.load());
        platform = Platform.start(config, StandardParts.create());
        server = HttpServer.start(
                        platform,
                        config,
                        Map.of(
                                "SVC_API_KEYS", TestServer.API_KEY,
                                "SVC_JWT_SECRET", TestServer.JWT_SECRET,
                                "SVC_ADMIN_EMAIL", TestServer.ADMIN_EMAIL,
                                "SVC_ADMIN_PASSWORD", TestServer.ADMIN_PASSWORD))
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        base = "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
        if (platform != null) {
            platform.close();
        }
    }

    /** One request to send and what its answer must be. */
    private record Probe(String what, String method, String path, String contentType, byte[] body, boolean mustFail) {}

    @Test
    void everyOperationAnswersBadInputWithA4xxProblemAndTheServerStaysHealthy() throws Exception {
        JsonNode doc = Json.parse(get("/openapi.json").body());
        int operations = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                String method = op.getKey().toUpperCase();
                if (!List.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                    continue;
                }
                operations++;
                String key = method + " " + path.getKey();
                for (Probe p : probes(doc, method, path.getKey(), op.getValue())) {
                    send(key, p);
                }
            }
        }
        System.out.printf("bad-input requests by operation (%d operations):%n", operations);
        sent.forEach((op, n) -> System.out.printf("  %5d  %s%n", n, op));
        System.out.printf(
                "  %5d  in all%n",
                sent.values().stream().mapToInt(Integer::intValue).sum());
        assertThat(operations).isGreaterThan(60);
        assertThat(failures).as("answers that broke the rules").isEmpty();
        assertThat(get("/healthz").statusCode()).isEqualTo(200);
        assertThat(send("GET", "/api/v1/pipelines?limit=5", null, null).statusCode())
                .isEqualTo(200);
    }

    private List<Probe> probes(JsonNode doc, String method, String template, JsonNode op) {
        List<Probe> out = new ArrayList<>();
        List<String> pathParams = new ArrayList<>();
        List<String> queryParams = new ArrayList<>();
        for (JsonNode p : op.path("parameters")) {
            (p.path("in").asText().equals("path") ? pathParams : queryParams)
                    .add(p.path("name").asText());
        }
        String plain = fill(template, Map.of());
        // Traversal and junk in every path parameter, the others plain.
        for (String param : pathParams) {
            for (String v : List.of(
                    "..",
                    "%2e%2e",
                    "..%2F..%2F..%2Fetc%2Fpasswd",
                    "%2e%2e%2f%2e%2e%2fjwt-secret",
                    "..%5C..%5Cwindows",
                    "a%00b",
                    "%C3%28",
                    "%FF%FE",
                    "%F0%9F%92%A5",
                    "%24%7Bjndi%3Aldap%3A%2F%2Fx%7D",
                    "x".repeat(3000),
                    "-1",
                    "%20")) {
                out.add(new Probe(
                        "path " + param + "=" + abbreviate(v),
                        method,
                        fill(template, Map.of(param, v)),
                        null,
                        null,
                        false));
            }
        }
        for (String param : queryParams) {
            for (String v : List.of(
                    "-1",
                    "abc",
                    "99999999999999999999",
                    "1e309",
                    "%FF",
                    "%00",
                    "",
                    "x".repeat(1500),
                    "..%2F..%2Fetc%2Fpasswd")) {
                String sep = plain.contains("?") ? "&" : "?";
                out.add(new Probe(
                        "query " + param + "=" + abbreviate(v),
                        method,
                        plain + sep + param + "=" + v,
                        null,
                        null,
                        false));
            }
        }
        Optional<JsonNode> schema = jsonBodySchema(doc, op);
        boolean takesBody = op.has("requestBody");
        if (schema.isPresent()) {
            String json = "application/json";
            for (String body : List.of("", "{", "{\"a\":}", "[", "nul", "{\"a\" 1}", "{}}", "\u0000")) {
                out.add(new Probe("malformed " + abbreviate(body), method, plain, json, utf8(body), true));
            }
            for (String body : List.of("null", "[]", "\"text\"", "123", "true", "[{}]")) {
                out.add(new Probe("not an object " + body, method, plain, json, utf8(body), true));
            }
            out.add(new Probe("missing fields", method, plain, json, utf8("{}"), false));
            out.add(new Probe("unknown field", method, plain, json, utf8("{\"zz_unknown_field\":1}"), true));
            JsonNode properties = properties(doc, schema.get());
            for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> prop = it.next();
                String type = resolve(doc, prop.getValue()).path("type").asText("");
                for (String wrong : wrongValues(type)) {
                    out.add(new Probe(
                            "wrong type " + prop.getKey() + "=" + abbreviate(wrong),
                            method,
                            plain,
                            json,
                            utf8("{\"" + prop.getKey() + "\":" + wrong + "}"),
                            !type.isEmpty()));
                }
                out.add(new Probe(
                        "long string " + prop.getKey(),
                        method,
                        plain,
                        json,
                        utf8("{\"" + prop.getKey() + "\":\"" + "x".repeat(200_000) + "\"}"),
                        false));
                out.add(new Probe(
                        "deep nesting " + prop.getKey(),
                        method,
                        plain,
                        json,
                        utf8("{\"" + prop.getKey() + "\":" + "[".repeat(50_000) + "]".repeat(50_000) + "}"),
                        true));
                out.add(new Probe(
                        "long number " + prop.getKey(),
                        method,
                        plain,
                        json,
                        utf8("{\"" + prop.getKey() + "\":" + "9".repeat(5000) + "}"),
                        true));
                out.add(new Probe(
                        "huge exponent " + prop.getKey(),
                        method,
                        plain,
                        json,
                        utf8("{\"" + prop.getKey() + "\":1e999999999}"),
                        false));
                byte[] invalid = utf8("{\"" + prop.getKey() + "\":\"ab\u0001\"}");
                invalid[invalid.length - 4] = (byte) 0xC3;
                invalid[invalid.length - 3] = (byte) 0x28;
                out.add(new Probe("invalid UTF-8 " + prop.getKey(), method, plain, json, invalid, true));
            }
            out.add(new Probe(
                    "deep nesting", method, plain, json, utf8("[".repeat(100_000) + "]".repeat(100_000)), true));
            out.add(new Probe("oversized", method, plain, json, new byte[2 * 1024 * 1024], true));
            out.add(new Probe("text/plain", method, plain, "text/plain", utf8("{}"), true));
            out.add(new Probe("application/xml", method, plain, "application/xml", utf8("<a/>"), true));
            out.add(new Probe("no content type", method, plain, null, utf8("{}"), true));
            out.add(new Probe("multipart without boundary", method, plain, "multipart/form-data", utf8("junk"), true));
        } else if (takesBody) {
            // Uploads (CSV, JSON Lines, multipart): junk of every kind.
            out.add(new Probe("upload as JSON", method, plain, "application/json", utf8("{}"), true));
            out.add(new Probe(
                    "upload multipart without boundary", method, plain, "multipart/form-data", utf8("x"), true));
            out.add(new Probe(
                    "upload multipart, no parts",
                    method,
                    plain,
                    "multipart/form-data; boundary=zz",
                    utf8("--zz--\r\n"),
                    true));
            out.add(new Probe("upload empty CSV", method, plain + "?name=a.csv", "text/csv", new byte[0], true));
            out.add(new Probe(
                    "upload invalid UTF-8 CSV",
                    method,
                    plain + "?name=a.csv",
                    "text/csv",
                    new byte[] {'a', ',', 'b', '\n', (byte) 0xC3, 0x28, ',', '1', '\n'},
                    true));
            out.add(new Probe(
                    "upload ragged JSON Lines",
                    method,
                    plain + "?name=a.jsonl",
                    "application/x-ndjson",
                    utf8("{\"a\":1}\n[1,2]\n{\"a\":{\"b\":[[[1]]]}}\n"),
                    true));
            out.add(new Probe(
                    "upload name traversal",
                    method,
                    plain + "?name=..%2F..%2Fjwt-secret",
                    "text/csv",
                    utf8("a,b\n1,2\n"),
                    false));
        } else if (!method.equals("GET") && !method.equals("DELETE")) {
            // An operation without a body: junk and a big body are ignored or refused, never a 5xx.
            out.add(new Probe("junk body", method, plain, "application/json", utf8("{"), false));
            out.add(new Probe("oversized body", method, plain, "application/json", new byte[2 * 1024 * 1024], false));
        }
        if (method.equals("GET")) {
            out.add(new Probe("GET with a body", method, plain, "application/json", utf8("{"), false));
        }
        return out;
    }

    private static List<String> wrongValues(String type) {
        return switch (type) {
            case "string" -> List.of("123", "[]", "{}", "true", "[\"a\"]");
            case "integer" -> List.of("\"x\"", "1.5", "[]", "{}", "true");
            case "number" -> List.of("\"x\"", "[]", "{}", "true");
            case "boolean" -> List.of("\"x\"", "2", "[]", "{}");
            case "array" -> List.of("\"x\"", "{}", "1", "true", "[[[[[]]]]]", "[{\"a\":[{}]}]");
            case "object" -> List.of("\"x\"", "[]", "1", "true");
            default -> List.of("\"x\"", "[]", "{}", "1");
        };
    }

    private Optional<JsonNode> jsonBodySchema(JsonNode doc, JsonNode op) {
        JsonNode schema =
                op.path("requestBody").path("content").path("application/json").path("schema");
        return schema.isMissingNode() ? Optional.empty() : Optional.of(resolve(doc, schema));
    }

    private static JsonNode properties(JsonNode doc, JsonNode schema) {
        ObjectNode all = Json.object();
        JsonNode s = resolve(doc, schema);
        if (s.has("properties")) {
            all.setAll((ObjectNode) s.get("properties"));
        }
        for (JsonNode part : s.path("allOf")) {
            JsonNode p = resolve(doc, part);
            if (p.has("properties")) {
                all.setAll((ObjectNode) p.get("properties"));
            }
        }
        return all;
    }

    private static JsonNode resolve(JsonNode doc, JsonNode schema) {
        JsonNode s = schema;
        for (int i = 0; i < 10 && s.has("$ref"); i++) {
            String ref = s.get("$ref").asText();
            JsonNode target = doc;
            for (String part : ref.substring(2).split("/")) {
                target = target.path(part);
            }
            s = target;
        }
        return s;
    }

    private static String fill(String template, Map<String, String> values) {
        String out = template;
        int i;
        while ((i = out.indexOf('{')) >= 0) {
            int j = out.indexOf('}', i);
            String name = out.substring(i + 1, j);
            out = out.substring(0, i) + values.getOrDefault(name, "x-" + name) + out.substring(j + 1);
        }
        return out;
    }

    private void send(String operation, Probe p) {
        sent.merge(operation, 1, Integer::sum);
        Answer r;
        try {
            r = p.body() != null && p.body().length > 1024 * 1024
                    ? raw(p.method(), p.path(), p.contentType(), p.body())
                    : Answer.of(send(p.method(), p.path(), p.contentType(), p.body()));
        } catch (Exception e) {
            failures.add(operation + " [" + p.what() + "]: no answer within " + TIMEOUT + ": " + e);
            return;
        }
        int status = r.status();
        String type = r.contentType();
        if (status >= 500) {
            failures.add(operation + " [" + p.what() + "]: " + status + " " + abbreviate(r.body()));
        } else if (status >= 400 && !type.startsWith(PROBLEM)) {
            failures.add(operation + " [" + p.what() + "]: " + status + " as " + type + ", not a problem document");
        } else if (p.mustFail() && status < 400) {
            failures.add(operation + " [" + p.what() + "]: accepted with " + status + ": " + abbreviate(r.body()));
        }
    }

    private HttpResponse<String> send(String method, String path, String contentType, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(TIMEOUT)
                .header("X-API-Key", TestServer.API_KEY)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        // sendAsync with a deadline: the client's own request timeout does not cover every wait.
        return client.sendAsync(b.build(), HttpResponse.BodyHandlers.ofString())
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Status, content type and body of an answer. */
    private record Answer(int status, String contentType, String body) {
        static Answer of(HttpResponse<String> r) {
            return new Answer(
                    r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
        }
    }

    /**
     * A large body as curl sends it: the headers first, then the body only if no answer came
     * within a second. The server answers a declared length over its limit at once and closes;
     * a client that writes the whole body first may lose that answer to the reset.
     */
    private Answer raw(String method, String path, String contentType, byte[] body) throws Exception {
        URI uri = URI.create(base + path);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            String head = method + " " + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                    + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort() + "\r\nX-API-Key: "
                    + TestServer.API_KEY + "\r\n" + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n")
                    + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                int n = in.read(buffer);
                if (n > 0) {
                    answer.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException e) {
                out.write(body);
                out.flush();
            }
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            int n;
            while ((n = in.read(buffer)) > 0) {
                answer.write(buffer, 0, n);
            }
            String text = answer.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            String[] lines = text.substring(0, Math.max(0, end)).split("\r\n");
            String type = "";
            for (String line : lines) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-type:")) {
                    type = line.substring("content-type:".length()).strip();
                }
            }
            return new Answer(Integer.parseInt(lines[0].split(" ")[1]), type, end < 0 ? "" : text.substring(end + 4));
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send("GET", path, null, null);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String abbreviate(String s) {
        String one = s.replace('\n', ' ');
        return one.length() <= 160 ? one : one.substring(0, 157) + "...";
    }
}
