package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.RawHttp;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * Issue 18.6 over real HTTP: sign-in throttling, security headers, 413, the audit log (JWT rotation:
 * {@link RotationTest}).
 */
@ExtendWith(ServerExtension.class)
class SecurityTest {

    private final TestServer server;
    private final Api api;

    SecurityTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    private RawHttp.Answer signIn(String from, String route, String email, String password) throws Exception {
        return RawHttp.exchange(
                api.base,
                from,
                "POST",
                route,
                Map.of(),
                Json.write(Json.object().put("email", email).put("password", password)));
    }

    @Test
    void failedSignInsAreThrottledPerAccountWhateverTheAddress() throws Exception {
        String email = "throttled-" + System.nanoTime() + "@example.com";
        api.post(
                "/api/v1/users",
                Json.write(Json.object()
                        .put("email", email)
                        .put("password", "right-password")
                        .put("role", "viewer")),
                Api.apiKey());
        for (int i = 0; i < TestServer.LOGIN_FAILURES_PER_ACCOUNT; i++) {
            // Both password routes count against the same account.
            String route = i % 2 == 0 ? "/api/v1/auth/login" : "/api/v1/auth/session";
            assertThat(signIn("127.0.0.3", route, email, "wrong-password").status())
                    .isEqualTo(401);
        }
        RawHttp.Answer refused = signIn("127.0.0.1", "/api/v1/auth/session", email, "right-password");
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.body()).contains("this account");
        assertThat(Long.parseLong(refused.headers().get("retry-after"))).isPositive();
        // The address is not the account: 127.0.0.3 is still under its own limit.
        assertThat(signIn("127.0.0.3", "/api/v1/auth/login", TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void failedSignInsAreThrottledPerAddressAcrossAccounts() throws Exception {
        for (int i = 0; i < TestServer.LOGIN_FAILURES_PER_IP; i++) {
            String route = i % 2 == 0 ? "/api/v1/auth/session" : "/api/v1/auth/login";
            assertThat(signIn("127.0.0.4", route, "ghost-" + i + "@example.com", "guess")
                            .status())
                    .isEqualTo(401);
        }
        RawHttp.Answer refused =
                signIn("127.0.0.4", "/api/v1/auth/login", TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.body()).contains("this address");
        assertThat(signIn("127.0.0.1", "/api/v1/auth/login", TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void everyAnswerCarriesTheSecurityHeadersAndHtmlAStrictPolicy() throws Exception {
        for (Api.Reply r : new Api.Reply[] {
            api.get("/api/v1/pipelines", Api.apiKey()),
            api.get("/api/v1/pipelines"),
            api.get("/no/such/route"),
            api.get("/openapi.json")
        }) {
            assertThat(r.header("X-Content-Type-Options")).hasValue("nosniff");
            assertThat(r.header("X-Frame-Options")).hasValue("DENY");
            assertThat(r.header("Referrer-Policy")).hasValue("no-referrer");
            assertThat(r.header("Content-Security-Policy")).hasValue("default-src 'none'; frame-ancestors 'none'");
        }
        Api.Reply docs = api.get("/docs");
        assertThat(docs.header("Content-Type").orElseThrow()).startsWith("text/html");
        String csp = docs.header("Content-Security-Policy").orElseThrow();
        assertThat(csp)
                .startsWith("default-src 'self';")
                .contains("frame-ancestors 'none'")
                .doesNotContain("unsafe");
        // The page's one inline script is allowed by its hash, as a browser computes it.
        String html = docs.text();
        String script = html.substring(html.indexOf("<script>") + 8, html.indexOf("</script>"));
        String hash = Base64.getEncoder()
                .encodeToString(MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8)));
        assertThat(csp).contains("script-src 'sha256-" + hash + "'");
        assertThat(docs.header("X-Frame-Options")).hasValue("DENY");
    }

    @Test
    void anOversizedBodyIsA413Problem() {
        String big = "{\"email\":\"" + "a".repeat(2 * 1024 * 1024) + "\"}";
        Api.Reply r = api.post("/api/v1/auth/session", big);
        assertThat(r.status()).isEqualTo(413);
        assertThat(r.json().get("status").asInt()).isEqualTo(413);
    }

    @Test
    void adminActionsAreRecordedWithSecretsRedactedAndListedToAdminsOnly() throws Exception {
        Instant from = Instant.now().minusSeconds(1);
        String admin = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        String email = "audited-" + System.nanoTime() + "@example.com";
        assertThat(api.post(
                                "/api/v1/users",
                                Json.write(Json.object()
                                        .put("email", email)
                                        .put("password", "audited-password")
                                        .put("role", "viewer")),
                                Api.bearer(admin))
                        .status())
                .isEqualTo(201);
        assertThat(api.patch("/api/v1/users/" + email, "{\"role\":\"operator\"}", Api.bearer(admin))
                        .status())
                .isEqualTo(200);
        assertThat(api.delete("/api/v1/features/hooks_enabled", Api.apiKey()).status())
                .isEqualTo(200);
        // A refused change is no action.
        assertThat(api.patch("/api/v1/users/nobody@example.com", "{\"role\":\"viewer\"}", Api.bearer(admin))
                        .status())
                .isEqualTo(404);

        server.eventually(10, () -> {
            JsonNode page = api.get("/api/v1/audit?actor=" + TestServer.ADMIN_EMAIL + "&from=" + from, Api.apiKey())
                    .json();
            JsonNode update = find(page, "users.update", "/api/v1/users/" + email);
            assertThat(update.get("method").asText()).isEqualTo("PATCH");
            assertThat(update.get("status").asInt()).isEqualTo(200);
            assertThat(update.get("detail").get("role").asText()).isEqualTo("operator");
            JsonNode create = find(page, "users.create", "/api/v1/users");
            assertThat(create.get("detail").get("email").asText()).isEqualTo(email);
            assertThat(create.get("detail").get("password").asText()).isEqualTo("[redacted]");
            assertThat(page.toString()).doesNotContain("audited-password").doesNotContain("nobody@example.com");
        });
        server.eventually(10, () -> {
            JsonNode flags = api.get("/api/v1/audit?action=features.reset&from=" + from, Api.apiKey())
                    .json();
            assertThat(flags.get("total").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(flags.get("items").get(0).get("actor").asText()).startsWith("api-key:");
        });
        assertThat(api.get("/api/v1/audit?to=" + from, Api.apiKey()).text()).doesNotContain(email);
        assertThat(api.get("/api/v1/audit?from=yesterday", Api.apiKey()).status())
                .isEqualTo(400);
        String viewer = api.login(email, "audited-password");
        assertThat(api.get("/api/v1/audit", Api.bearer(viewer)).status()).isEqualTo(403);
    }

    private static JsonNode find(JsonNode page, String action, String target) {
        for (JsonNode e : page.get("items")) {
            if (e.get("action").asText().equals(action)
                    && e.get("target").asText().equals(target)) {
                return e;
            }
        }
        throw new AssertionError("no " + action + " on " + target + " in " + page);
    }
}
