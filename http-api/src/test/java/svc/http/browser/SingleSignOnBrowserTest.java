package svc.http.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.OAuth2Config;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.http.system.ConfigEndpoints;
import svc.http.testing.OwnPlatform;

/**
 * Single sign-on in a real browser against a real OIDC provider (mock-oauth2-server with its
 * interactive login page) started here, on a server of its own that also carries a deployment's
 * branding: the sign-in page shows the branding, its SSO button leads to the provider's login
 * form, and the provider's redirect back ends on the dashboard signed in with the role the user's
 * groups map to through {@code ML_TEAM_OIDC_ROLE_MAP}. The state cookie and PKCE are shown to be
 * load-bearing: a forged state, a missing flow cookie and a wrong code verifier each end on the
 * sign-in page with the reason and no session.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SingleSignOnBrowserTest extends BrowserTest {

    private static final String ISSUER_ID = "corp";
    private static final String CLIENT_ID = "svc-dashboard";
    private static final String PRODUCT = "Acme Models";
    private static final String PRIMARY = "#0b3d2e";

    private MockOAuth2Server idp;
    private OwnPlatform own;
    private String base;

    @BeforeAll
    void startProviderAndServer() throws Exception {
        // The provider's own login form (username and claims), as a person would meet it.
        idp = new MockOAuth2Server(OAuth2Config.Companion.fromJson("{\"interactiveLogin\": true}"));
        idp.start();
        Path logo = Files.createTempDirectory("svc-sso-branding").resolve("logo.svg");
        Files.writeString(
                logo,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"28\" height=\"28\">"
                        + "<rect width=\"28\" height=\"28\" fill=\"#0b3d2e\"/></svg>");
        // What svc server resolves from a deployment's branding block (SVC_DEPLOYMENT).
        EffectiveConfig effective = EffectiveConfig.resolve(
                List.of(Layer.of(
                        Origin.deployment("acme"),
                        Map.of(
                                "svc.branding.product-name",
                                PRODUCT,
                                "svc.branding.tagline",
                                "Governed credit models",
                                "svc.branding.colors.primary",
                                PRIMARY,
                                "svc.branding.logo",
                                logo.toString()))),
                Set.of());
        Map<String, String> env = new HashMap<>(OwnPlatform.baseEnv());
        env.put("SVC_OIDC_ISSUER", idp.issuerUrl(ISSUER_ID).toString());
        env.put("SVC_OIDC_CLIENT_ID", CLIENT_ID);
        env.put("SVC_OIDC_CLIENT_SECRET", "client-secret");
        env.put("ML_TEAM_OIDC_ROLE_MAP", "ml-admins=admin, ml-team=operator");
        own = new OwnPlatform();
        base = OwnPlatform.api(own.server(env, effective)).base;
    }

    @AfterAll
    void stopProviderAndServer() throws Exception {
        if (own != null) {
            own.close();
        }
        if (idp != null) {
            idp.shutdown();
        }
    }

    @Test
    @Order(1)
    void theSignInPageShowsTheDeploymentsBranding() {
        browser.get(base + "/");
        wait(STEP).until(ExpectedConditions.urlContains("/login"));
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("main h1"), PRODUCT));
        assertThat(browser.findElement(By.cssSelector("main h1")).getText()).isEqualTo("Sign in to " + PRODUCT);
        assertThat(browser.findElement(By.id("product")).getText()).isEqualTo(PRODUCT);
        assertThat(browser.findElement(By.cssSelector("main .tagline")).getText())
                .isEqualTo("Governed credit models");
        assertThat(browser.getTitle()).contains(PRODUCT);
        // The colour reaches what is drawn with it: the header bar and the primary button.
        assertThat(js("return getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()"))
                .isEqualTo(PRIMARY);
        assertThat(js("return getComputedStyle(document.querySelector('header.top')).backgroundColor"))
                .isEqualTo("rgb(11, 61, 46)");
        assertThat(js("return getComputedStyle(document.querySelector('#login-form button.primary'))"
                        + ".backgroundColor"))
                .isEqualTo("rgb(11, 61, 46)");
        // The deployment's logo, served by the server and decoded by the browser.
        assertThat(browser.findElement(By.id("logo")).getAttribute("src")).endsWith(ConfigEndpoints.LOGO_PATH);
        wait(STEP).until(d -> ((Number) js("return document.getElementById('logo').naturalWidth")).intValue() > 0);
    }

    @Test
    @Order(2)
    void theSsoButtonGoesThroughTheProvidersLoginFormAndSignsInWithTheMappedRole() throws Exception {
        String email = "alice-" + System.nanoTime() + "@corp.example";
        browser.get(base + "/login");
        click(By.linkText("Sign in with single sign-on"));

        // At the provider: the authorization request carries a state and an S256 code challenge, and this
        // browser holds the flow cookie (HttpOnly, Lax, on /auth/oidc) with that state and the verifier
        // whose hash the challenge is.
        wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.name("username")));
        Map<String, String> authorize = query(browser.getCurrentUrl());
        assertThat(browser.getCurrentUrl())
                .startsWith(idp.authorizationEndpointUrl(ISSUER_ID).toString());
        assertThat(authorize)
                .containsEntry("client_id", CLIENT_ID)
                .containsEntry("code_challenge_method", "S256")
                .containsEntry("redirect_uri", base + "/auth/oidc/callback")
                .containsKeys("state", "nonce", "code_challenge");
        Map<String, Object> flow = cookie("svc_oidc").orElseThrow();
        assertThat(flow).containsEntry("httpOnly", true).containsEntry("sameSite", "Lax");
        assertThat(flow.get("path")).isEqualTo("/auth/oidc");
        String[] parts = String.valueOf(flow.get("value")).split("\\.");
        assertThat(parts).hasSize(3);
        assertThat(parts[0]).isEqualTo(authorize.get("state"));
        assertThat(parts[1]).isEqualTo(authorize.get("nonce"));
        assertThat(s256(parts[2])).isEqualTo(authorize.get("code_challenge"));

        signInAtTheProvider(email, "ml-team", "marketing");

        // Back on the dashboard's runs, signed in as an operator (ml-team), without the admin page.
        wait(STEP).until(ExpectedConditions.urlMatches(Pattern.quote(base) + "/(runs)?$"));
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("who"), email));
        assertThat(browser.findElement(By.cssSelector("#who .role")).getText()).isEqualTo("operator");
        wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#nav a[href='/profile']")));
        assertThat(browser.findElements(By.cssSelector("#nav a[href='/admin']")))
                .isEmpty();
        Map<String, Object> session = cookie("svc_session").orElseThrow();
        assertThat(session).containsEntry("httpOnly", true).containsEntry("sameSite", "Strict");
        assertThat(cookie("svc_oidc")).isEmpty();
        // The page works with that session: the runs list loads, and the operator may start runs.
        wait(STEP).until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
        click(By.cssSelector("#nav a[href='/profile']"));
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("me-email"), email));
        assertThat(browser.findElement(By.cssSelector("main dl.facts")).getText())
                .contains("operator")
                .contains("single sign-on");
        signOut();
    }

    @Test
    @Order(3)
    void aForgedStateAMissingFlowCookieAndAWrongVerifierAreRefused() {
        browser.executeCdpCommand("Network.clearBrowserCookies", Map.of());
        // Forged state: the browser's flow cookie names another state than the provider sends back.
        startSignIn();
        replaceFlowCookie(0, "forged-state-0123456789");
        signInAtTheProvider("eve-" + System.nanoTime() + "@corp.example", "ml-admins");
        assertRefusedOnTheSignInPage("the state does not match");

        // No flow cookie at all: no sign-in is in progress in this browser.
        startSignIn();
        browser.executeCdpCommand(
                "Network.deleteCookies", Map.of("name", "svc_oidc", "url", base + "/auth/oidc/callback"));
        signInAtTheProvider("eve-" + System.nanoTime() + "@corp.example", "ml-admins");
        assertRefusedOnTheSignInPage("no sign-in is in progress");

        // The right state but another code verifier: the provider checks it against the challenge.
        startSignIn();
        replaceFlowCookie(2, "another-verifier-" + "0123456789".repeat(5));
        signInAtTheProvider("eve-" + System.nanoTime() + "@corp.example", "ml-admins");
        assertRefusedOnTheSignInPage("refused the code");

        // A user in no mapped group is refused, saying which variable decides.
        startSignIn();
        signInAtTheProvider("mallory-" + System.nanoTime() + "@corp.example", "marketing");
        assertRefusedOnTheSignInPage("ML_TEAM_OIDC_ROLE_MAP");
    }

    private void startSignIn() {
        browser.get(base + "/auth/oidc/login");
        wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.name("username")));
        assertThat(cookie("svc_oidc")).isPresent();
    }

    /** Fills the provider's login form: the subject, and the claims its ID token will carry. */
    private void signInAtTheProvider(String email, String... groups) {
        String claims = "{\"email\": \"" + email + "\", \"groups\": ["
                + Arrays.stream(groups).map(g -> "\"" + g + "\"").collect(Collectors.joining(", ")) + "]}";
        wait(STEP).until(d -> {
            var username = d.findElement(By.name("username"));
            username.clear();
            username.sendKeys("sub-" + email);
            var field = d.findElement(By.name("claims"));
            field.clear();
            field.sendKeys(claims);
            d.findElement(By.cssSelector("input[type=submit]")).click();
            return true;
        });
    }

    private void assertRefusedOnTheSignInPage(String reason) {
        wait(STEP).until(ExpectedConditions.urlContains(base + "/login?sso_error="));
        wait(STEP)
                .until(ExpectedConditions.textToBePresentInElementLocated(
                        By.cssSelector("#login-form [role=alert]"), reason));
        assertThat(browser.findElement(By.cssSelector("#login-form [role=alert]"))
                        .getText())
                .startsWith("Single sign-on failed: ");
        assertThat(cookie("svc_session")).isEmpty();
        assertThat(cookie("svc_oidc")).isEmpty();
        assertThat(browser.findElement(By.id("who")).getText()).isEmpty();
    }

    /** Overwrites one part (state 0, nonce 1, verifier 2) of the flow cookie, as an attacker's page could not. */
    private void replaceFlowCookie(int part, String value) {
        Map<String, Object> flow = cookie("svc_oidc").orElseThrow();
        String[] parts = String.valueOf(flow.get("value")).split("\\.");
        parts[part] = value;
        browser.executeCdpCommand(
                "Network.setCookie",
                Map.of(
                        "name",
                        "svc_oidc",
                        "value",
                        String.join(".", parts),
                        "url",
                        base + "/auth/oidc/callback",
                        "path",
                        "/auth/oidc",
                        "httpOnly",
                        true,
                        "sameSite",
                        "Lax"));
    }

    /** Every cookie the browser holds for the server, HttpOnly ones included (WebDriver sees only the page's). */
    @SuppressWarnings("unchecked")
    private Optional<Map<String, Object>> cookie(String name) {
        Map<String, Object> all =
                browser.executeCdpCommand("Network.getCookies", Map.of("urls", List.of(base + "/auth/oidc/callback")));
        return ((List<Map<String, Object>>) all.get("cookies"))
                .stream().filter(c -> name.equals(c.get("name"))).findFirst();
    }

    private static Map<String, String> query(String url) {
        Map<String, String> query = new HashMap<>();
        for (String pair : URI.create(url).getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            query.put(
                    URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return query;
    }

    private static String s256(String verifier) throws Exception {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
    }
}
