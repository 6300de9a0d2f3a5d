package svc.http.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import svc.config.Json;

/** A thin JDK HttpClient wrapper: one method per verb, answers with status, headers and body. */
public final class Api {

    /** One answer. {@code json()} parses the body (fails the test when it is not JSON). */
    public record Reply(int status, HttpHeaders headers, byte[] bytes) {
        public JsonNode json() {
            return Json.parse(text());
        }

        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        public Optional<String> header(String name) {
            return headers.firstValue(name);
        }
    }

    public final String base;
    public final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public Api(String base) {
        this.base = base;
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
    }

    public Reply send(HttpRequest request) {
        try {
            HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Reply(r.statusCode(), r.headers(), r.body());
        } catch (Exception e) {
            throw new AssertionError("request " + request.method() + " " + request.uri() + " failed: " + e, e);
        }
    }

    public Reply get(String path, String... headers) {
        return send(with(request(path).GET(), headers).build());
    }

    public Reply delete(String path, String... headers) {
        return send(with(request(path).DELETE(), headers).build());
    }

    public Reply post(String path, String body, String... headers) {
        return send(with(
                        request(path)
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .header("Content-Type", "application/json"),
                        headers)
                .build());
    }

    public Reply patch(String path, String body, String... headers) {
        return send(with(
                        request(path)
                                .method("PATCH", HttpRequest.BodyPublishers.ofString(body))
                                .header("Content-Type", "application/json"),
                        headers)
                .build());
    }

    public static String[] bearer(String token) {
        return new String[] {"Authorization", "Bearer " + token};
    }

    public static String[] apiKey() {
        return new String[] {"X-API-Key", TestServer.API_KEY};
    }

    public String login(String email, String password) {
        Reply r = post(
                "/api/v1/auth/login",
                Json.write(Json.object().put("email", email).put("password", password)));
        if (r.status() != 200) {
            throw new AssertionError("login of " + email + " failed: " + r.status() + " " + r.text());
        }
        return r.json().get("token").asText();
    }

    private static HttpRequest.Builder with(HttpRequest.Builder b, String... headers) {
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return b;
    }
}
