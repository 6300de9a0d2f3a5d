package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.SignedJWT;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.RawHttp;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** The dashboard's cookie session over real HTTP: sign-in, CSRF on writes, logout, WebSocket origin rule. */
@ExtendWith(ServerExtension.class)
class SessionTest {

    private final TestServer server;
    private final Api api;

    SessionTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    /** The two cookies of a sign-in and the body. */
    record SignedIn(String jwt, String csrf, JsonNode body, List<String> setCookies) {
        String cookie() {
            return SessionCookies.SESSION + "=" + jwt + "; " + SessionCookies.CSRF + "=" + csrf;
        }
    }

    private SignedIn signIn() {
        Api.Reply r = api.post(
                "/api/v1/auth/session",
                Json.write(
                        Json.object().put("email", TestServer.ADMIN_EMAIL).put("password", TestServer.ADMIN_PASSWORD)));
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        List<String> set = r.headers().allValues("Set-Cookie");
        return new SignedIn(value(set, SessionCookies.SESSION), value(set, SessionCookies.CSRF), r.json(), set);
    }

    @Test
    void signInSetsAnHttpOnlyStrictSessionCookieAndAReadableCsrfCookie() throws Exception {
        SignedIn s = signIn();
        assertThat(s.body().get("email").asText()).isEqualTo(TestServer.ADMIN_EMAIL);
        assertThat(s.body().get("role").asText()).isEqualTo("admin");
        assertThat(s.body().get("csrf_token").asText()).isEqualTo(s.csrf()).hasSizeGreaterThan(40);
        Instant exp =
                SignedJWT.parse(s.jwt()).getJWTClaimsSet().getExpirationTime().toInstant();
        assertThat(Instant.parse(s.body().get("expires_at").asText())).isEqualTo(exp);

        String session = line(s.setCookies(), SessionCookies.SESSION);
        assertThat(session)
                .contains(
                        "HttpOnly",
                        "SameSite=Strict",
                        "Path=/",
                        "Max-Age=" + Duration.ofHours(24).toSeconds())
                .doesNotContain("Secure");
        String csrf = line(s.setCookies(), SessionCookies.CSRF);
        assertThat(csrf).contains("SameSite=Strict", "Path=/").doesNotContain("HttpOnly");

        Api.Reply me = api.get("/api/v1/auth/me", "Cookie", s.cookie());
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().get("email").asText()).isEqualTo(TestServer.ADMIN_EMAIL);
        assertThat(me.json().get("role").asText()).isEqualTo("admin");
        assertThat(me.json().get("auth").asText()).isEqualTo("session");
        assertThat(api.get("/api/v1/pipelines", "Cookie", s.cookie()).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(s.jwt()))
                        .json()
                        .get("auth")
                        .asText())
                .isEqualTo("bearer");
        assertThat(api.get("/api/v1/auth/me", Api.apiKey()).json().get("auth").asText())
                .isEqualTo("api_key");
    }

    @Test
    void overHttpsOrInProductionTheCookiesAreSecure() {
        Api.Reply forwarded = api.send(api.request("/api/v1/auth/session")
                .header("Content-Type", "application/json")
                .header("X-Forwarded-Proto", "https")
                .POST(HttpRequest.BodyPublishers.ofString(loginBody()))
                .build());
        assertThat(forwarded.headers().allValues("Set-Cookie")).hasSize(2).allMatch(c -> c.contains("; Secure"));
        Api.Reply production = server.productionApi.post("/api/v1/auth/session", loginBody());
        assertThat(production.status()).as(production.text()).isEqualTo(200);
        assertThat(production.headers().allValues("Set-Cookie")).hasSize(2).allMatch(c -> c.contains("; Secure"));
    }

    @Test
    void aStateChangingRequestByCookieNeedsTheCsrfTokenOfItsSession() {
        SignedIn s = signIn();
        String email = "csrf-" + System.nanoTime() + "@example.com";
        String body = Json.write(Json.object()
                .put("email", email)
                .put("password", "csrf-password")
                .put("role", "viewer"));

        Api.Reply missing = api.post("/api/v1/users", body, "Cookie", s.cookie());
        assertCsrfRefusal(missing);
        Api.Reply wrong = api.post("/api/v1/users", body, "Cookie", s.cookie(), "X-CSRF-Token", "guess");
        assertCsrfRefusal(wrong);
        // A planted svc_csrf cookie that equals the header but is not the session's own token.
        String planted = SessionCookies.SESSION + "=" + s.jwt() + "; " + SessionCookies.CSRF + "=planted";
        assertCsrfRefusal(api.post("/api/v1/users", body, "Cookie", planted, "X-CSRF-Token", "planted"));
        // 201, not 409: none of the refused requests created the user.
        Api.Reply ok = api.post("/api/v1/users", body, "Cookie", s.cookie(), "X-CSRF-Token", s.csrf());
        assertThat(ok.status()).as(ok.text()).isEqualTo(201);
        // Headers other than the cookie need no CSRF token: a page of another site cannot set them.
        String other = Json.write(Json.object()
                .put("email", "b" + email)
                .put("password", "csrf-password")
                .put("role", "viewer"));
        assertThat(api.post("/api/v1/users", other, Api.bearer(s.jwt())).status())
                .isEqualTo(201);
    }

    @Test
    void logoutClearsBothCookies() {
        Api.Reply out = api.delete("/api/v1/auth/session");
        assertThat(out.status()).isEqualTo(204);
        List<String> set = out.headers().allValues("Set-Cookie");
        assertThat(line(set, SessionCookies.SESSION))
                .startsWith(SessionCookies.SESSION + "=;")
                .contains("Max-Age=0");
        assertThat(line(set, SessionCookies.CSRF))
                .startsWith(SessionCookies.CSRF + "=;")
                .contains("Max-Age=0");
        assertThat(api.get("/api/v1/auth/me").status()).isEqualTo(401);
    }

    @Test
    void providersSayPasswordAndNoOidcWhenItIsNotConfigured() {
        Api.Reply r = api.get("/api/v1/auth/providers");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("password").asBoolean()).isTrue();
        assertThat(r.json().has("oidc")).isTrue();
        assertThat(r.json().get("oidc").isNull()).isTrue();
    }

    @Test
    void aWebSocketTakesTheSessionCookieOnlyFromThePagesOfTheServersOwnOrigin() throws Exception {
        SignedIn s = signIn();
        String path = "/api/v1/deployments/no-such-model/events";
        RawHttp.Answer own = RawHttp.exchange(
                api.base, null, "GET", path, RawHttp.upgrade(Map.of("Cookie", s.cookie(), "Origin", api.base)), null);
        assertThat(own.status()).isNotEqualTo(401).isNotEqualTo(403);
        RawHttp.Answer foreign = RawHttp.exchange(
                api.base,
                null,
                "GET",
                path,
                RawHttp.upgrade(Map.of("Cookie", s.cookie(), "Origin", "http://evil.example:8000")),
                null);
        assertThat(foreign.status()).isEqualTo(401);
        RawHttp.Answer none =
                RawHttp.exchange(api.base, null, "GET", path, RawHttp.upgrade(Map.of("Cookie", s.cookie())), null);
        assertThat(none.status()).isEqualTo(401);
    }

    private static void assertCsrfRefusal(Api.Reply r) {
        assertThat(r.status()).as(r.text()).isEqualTo(403);
        assertThat(r.json().get("rule_source").asText()).isEqualTo("csrf");
        assertThat(r.json().get("detail").asText()).contains("CSRF", "X-CSRF-Token", "svc_csrf");
    }

    private static String loginBody() {
        return Json.write(
                Json.object().put("email", TestServer.ADMIN_EMAIL).put("password", TestServer.ADMIN_PASSWORD));
    }

    private static String line(List<String> setCookies, String name) {
        return setCookies.stream()
                .filter(c -> c.startsWith(name + "="))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no Set-Cookie for " + name + " in " + setCookies));
    }

    private static String value(List<String> setCookies, String name) {
        String l = line(setCookies, name);
        return l.substring(name.length() + 1, l.indexOf(';'));
    }
}
