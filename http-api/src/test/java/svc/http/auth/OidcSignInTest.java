package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.OwnPlatform;

/**
 * Single sign-on end to end against a real OIDC provider (mock-oauth2-server) started here: a
 * browser-like client (cookies kept, redirects followed) goes from {@code /auth/oidc/login} through
 * the provider back to the callback and ends signed in with the role its groups map to.
 */
class OidcSignInTest {

    private static final String CLIENT_ID = "svc-dashboard";
    private static final String ISSUER_ID = "corp";

    private static OwnPlatform own;
    private static MockOAuth2Server idp;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        idp = new MockOAuth2Server();
        idp.start();
        own = new OwnPlatform();
        base = OwnPlatform.api(own.server(env(Map.of()))).base;
    }

    @AfterAll
    static void stop() throws Exception {
        own.close();
        idp.shutdown();
    }

    private static Map<String, String> env(Map<String, String> overrides) {
        Map<String, String> env = OwnPlatform.baseEnv();
        env.put("SVC_OIDC_ISSUER", idp.issuerUrl(ISSUER_ID).toString());
        env.put("SVC_OIDC_CLIENT_ID", CLIENT_ID);
        env.put("SVC_OIDC_CLIENT_SECRET", "client-secret");
        env.put("ML_TEAM_OIDC_ROLE_MAP", "ml-admins=admin, ml-team=operator");
        env.putAll(overrides);
        return env;
    }

    /** A browser: keeps cookies, follows redirects. */
    private record Browser(HttpClient client, CookieManager cookies) {
        static Browser open() {
            CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
            return new Browser(
                    HttpClient.newBuilder()
                            .cookieHandler(cookies)
                            .followRedirects(HttpClient.Redirect.NORMAL)
                            .connectTimeout(Duration.ofSeconds(10))
                            .build(),
                    cookies);
        }

        HttpResponse<String> get(String url) throws Exception {
            return client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(60))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        String cookie(String name) {
            return cookies.getCookieStore().getCookies().stream()
                    .filter(c -> c.getName().equals(name))
                    .map(HttpCookie::getValue)
                    .findFirst()
                    .orElse(null);
        }
    }

    private void nextSignIn(String email, List<String> groups) {
        idp.enqueueCallback(new DefaultOAuth2TokenCallback(
                ISSUER_ID, "sub-" + email, "JWT", List.of(CLIENT_ID), Map.of("email", email, "groups", groups), 3600));
    }

    @Test
    void signInThroughTheProviderMapsGroupsToARoleAndUpdatesItOnTheNextSignIn() throws Exception {
        JsonNode providers =
                Json.parse(Browser.open().get(base + "/api/v1/auth/providers").body());
        assertThat(providers.get("password").asBoolean()).isTrue();
        assertThat(providers.get("oidc").get("login_url").asText()).isEqualTo("/auth/oidc/login");

        String email = "alice-" + System.nanoTime() + "@corp.example";
        nextSignIn(email, List.of("ml-team", "marketing"));
        Browser browser = Browser.open();
        HttpResponse<String> landed = browser.get(base + "/auth/oidc/login");
        // The chain ended on the dashboard's root, after the provider and the callback.
        assertThat(landed.uri().getPath()).isEqualTo("/");
        assertThat(landed.previousResponse()).isPresent();
        assertThat(browser.cookie(SessionCookies.SESSION)).isNotBlank();
        assertThat(browser.cookie(SessionCookies.CSRF)).isNotBlank();
        assertThat(browser.cookie(OidcEndpoints.FLOW_COOKIE)).isNull();

        JsonNode me = Json.parse(browser.get(base + "/api/v1/auth/me").body());
        assertThat(me.get("email").asText()).isEqualTo(email);
        assertThat(me.get("role").asText()).isEqualTo("operator");
        assertThat(me.get("auth").asText()).isEqualTo("session");
        JsonNode users =
                new Api(base).get("/api/v1/users?limit=1000", Api.apiKey()).json();
        assertThat(users.toString()).contains(email).contains("\"source\":\"oidc\"");

        nextSignIn(email, List.of("ml-admins", "ml-team"));
        Browser again = Browser.open();
        assertThat(again.get(base + "/auth/oidc/login").uri().getPath()).isEqualTo("/");
        assertThat(Json.parse(again.get(base + "/api/v1/auth/me").body())
                        .get("role")
                        .asText())
                .isEqualTo("admin");
    }

    @Test
    void aUserInNoMappedGroupIsRefusedAndAForeignStateIsRejected() throws Exception {
        nextSignIn("mallory-" + System.nanoTime() + "@corp.example", List.of("marketing"));
        Browser browser = Browser.open();
        HttpResponse<String> refused = browser.get(base + "/auth/oidc/login");
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.uri().getPath()).isEqualTo("/auth/oidc/callback");
        assertThat(refused.body()).contains("ML_TEAM_OIDC_ROLE_MAP");
        assertThat(browser.cookie(SessionCookies.SESSION)).isNull();

        // A callback with another state than this browser's flow cookie (login CSRF) is refused.
        Browser victim = Browser.open();
        HttpClient noRedirects = HttpClient.newBuilder()
                .cookieHandler(victim.cookies())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        HttpResponse<String> started = noRedirects.send(
                HttpRequest.newBuilder(URI.create(base + "/auth/oidc/login"))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(started.statusCode()).isEqualTo(302);
        URI authorize = URI.create(started.headers().firstValue("Location").orElseThrow());
        assertThat(authorize.getQuery()).contains("code_challenge_method=S256", "code_challenge=", "nonce=", "state=");
        assertThat(started.headers().allValues("Set-Cookie"))
                .anyMatch(c -> c.startsWith(OidcEndpoints.FLOW_COOKIE + "=") && c.contains("HttpOnly"));
        assertThat(victim.cookie(OidcEndpoints.FLOW_COOKIE)).isNotBlank();
        HttpResponse<String> forged = victim.get(base + "/auth/oidc/callback?code=stolen&state=not-yours");
        assertThat(forged.statusCode()).isEqualTo(400);
        assertThat(forged.body()).contains("state");
        assertThat(Browser.open()
                        .get(base + "/auth/oidc/callback?code=x&state=y")
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void aBadRoleMapStopsTheServerAtStartNamingTheVariable() {
        assertThatThrownBy(() -> own.server(env(Map.of("ML_TEAM_OIDC_ROLE_MAP", "ml-team=root"))))
                .hasMessageContaining("ML_TEAM_OIDC_ROLE_MAP")
                .hasMessageContaining("viewer, operator or admin");
        assertThatThrownBy(() -> OidcSettings.roleMap("no-equals-sign")).hasMessageContaining("group=role");
        assertThat(OidcSettings.roleMap("a=viewer,b=admin")).hasSize(2);
    }
}
