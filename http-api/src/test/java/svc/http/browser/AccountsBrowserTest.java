package svc.http.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * The Profile page's API tokens and the Admin page's users in a real browser against the shared
 * test server, each proved against the API afterwards: a token made on the page works as
 * {@code Authorization: Bearer} and as {@code X-API-Key} until it is revoked there; a user added,
 * promoted and disabled there can no longer sign in through the form.
 */
@ExtendWith(ServerExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AccountsBrowserTest extends BrowserTest {

    private final TestServer server;
    private final Api api;

    AccountsBrowserTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    @Order(1)
    void aTokenIsShownOnceListedWithoutItsSecretAndRefusedOnceRevoked() {
        signedIn(api.base, TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        click(By.cssSelector("#nav a[href='/profile']"));
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("me-email"), TestServer.ADMIN_EMAIL));

        String doomed = "browser-doomed-" + System.nanoTime();
        String doomedSecret = createToken(doomed, "viewer");
        String kept = "browser-kept-" + System.nanoTime();
        String keptSecret = createToken(kept, "operator");

        // Listed, active, and the secret is nowhere on the page once it is reloaded.
        browser.navigate().refresh();
        wait(STEP).until(d -> tokenRow(doomed).contains("active"));
        assertThat(tokenRow(kept)).contains("operator").contains("active");
        assertThat(browser.findElement(By.id("new-token")).getText()).isEmpty();
        assertThat(browser.getPageSource()).doesNotContain(doomedSecret).doesNotContain(keptSecret);

        // Both work before the revocation, in both headers.
        assertThat(me(Api.bearer(doomedSecret)).get("role").asText()).isEqualTo("viewer");
        assertThat(me("X-API-Key", doomedSecret).get("auth").asText()).isEqualTo("api_key");

        click(By.xpath(rowXpath("my-tokens", doomed) + "//button[normalize-space(.)='Revoke']"));
        wait(STEP).until(d -> tokenRow(doomed).contains("revoked"));
        assertThat(browser.findElements(By.xpath(rowXpath("my-tokens", doomed) + "//button")))
                .isEmpty();

        // The API agrees: the revoked token is refused in both headers, the other one still works.
        assertThat(api.get("/api/v1/auth/me", Api.bearer(doomedSecret)).status())
                .isEqualTo(401);
        assertThat(api.get("/api/v1/auth/me", "X-API-Key", doomedSecret).status())
                .isEqualTo(401);
        JsonNode asBearer = me(Api.bearer(keptSecret));
        assertThat(asBearer.get("email").asText()).isEqualTo(TestServer.ADMIN_EMAIL);
        assertThat(asBearer.get("role").asText()).isEqualTo("operator");
        assertThat(asBearer.get("auth").asText()).isEqualTo("bearer");
        assertThat(me("X-API-Key", keptSecret).get("auth").asText()).isEqualTo("api_key");
        // An operator token reaches what an operator may, and no admin endpoint.
        assertThat(api.get("/api/v1/pipelines?limit=1", "X-API-Key", keptSecret).status())
                .isEqualTo(200);
        assertThat(api.get("/api/v1/users", Api.bearer(keptSecret)).status()).isEqualTo(403);
    }

    @Test
    @Order(2)
    void anAdminAddsAUserChangesTheirRoleAndDisablesThemAndTheFormThenRefusesThem() {
        signedIn(api.base, TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        browser.get(api.base + "/admin");
        wait(STEP)
                .until(ExpectedConditions.presenceOfElementLocated(
                        By.xpath(rowXpath("admin-users", TestServer.ADMIN_EMAIL))));
        // The signed-in admin cannot demote or disable themselves from the page.
        assertThat(browser.findElement(By.xpath(rowXpath("admin-users", TestServer.ADMIN_EMAIL)))
                        .getText())
                .contains("you");

        String email = "bob-" + System.nanoTime() + "@example.com";
        String password = "bobs own password";
        fill(By.name("new_email"), email);
        fill(By.name("new_password"), password);
        new Select(browser.findElement(By.name("new_role"))).selectByValue("viewer");
        click(By.xpath("//form[@id='user-form']//button[@type='submit']"));
        wait(STEP).until(d -> userRow(email).contains("active"));
        assertThat(userRow(email)).contains("password");
        assertThat(user(email).get("role").asText()).isEqualTo("viewer");

        // Promote: the role's select sends the change at once.
        wait(STEP).until(d -> {
            new Select(d.findElement(By.cssSelector("select[aria-label='Role of " + email + "']")))
                    .selectByValue("operator");
            return true;
        });
        wait(STEP)
                .until(ExpectedConditions.textToBePresentInElementLocated(By.id("toast"), email + " is now operator"));
        assertThat(user(email).get("role").asText()).isEqualTo("operator");
        assertThat(new Select(browser.findElement(By.cssSelector("select[aria-label='Role of " + email + "']")))
                        .getFirstSelectedOption()
                        .getAttribute("value"))
                .isEqualTo("operator");

        click(By.xpath(rowXpath("admin-users", email) + "//button[normalize-space(.)='Disable']"));
        wait(STEP).until(d -> userRow(email).contains("disabled"));
        assertThat(user(email).get("disabled").asBoolean()).isTrue();
        assertThat(browser.findElements(
                        By.xpath(rowXpath("admin-users", email) + "//button[normalize-space(.)='Enable']")))
                .hasSize(1);

        // The disabled user tries the sign-in form: refused, saying why (the server tells only once the
        // password was right), and no session cookie is set.
        signOut();
        signInThroughTheForm(email, password);
        wait(STEP)
                .until(ExpectedConditions.textToBePresentInElementLocated(
                        By.cssSelector("#login-form [role=alert]"), "disabled"));
        assertThat(browser.getCurrentUrl()).contains("/login");
        assertThat(browser.manage().getCookieNamed("svc_session")).isNull();
        assertThat(browser.findElement(By.id("who")).getText()).isEmpty();
        // The same form still signs the admin in (the refusal above is the account's, not the form's).
        signInThroughTheForm(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("who"), TestServer.ADMIN_EMAIL));
    }

    /** Fills the token form, sends it and reads the secret shown once. */
    private String createToken(String name, String role) {
        fill(By.name("name"), name);
        new Select(browser.findElement(By.name("role"))).selectByValue(role);
        fill(By.name("expires_in_days"), "7");
        click(By.xpath("//form[@id='token-form']//button[@type='submit']"));
        String secret = wait(STEP).until(d -> {
            String value = d.findElement(By.id("token-secret")).getAttribute("value");
            return value != null && !value.isBlank() && tokenRow(name).contains(role) ? value : null;
        });
        assertThat(secret).startsWith("svct_");
        assertThat(browser.findElement(By.id("new-token")).getText()).contains("will not be shown again");
        // The list beside it never carries the secret.
        assertThat(tokenRow(name)).doesNotContain(secret);
        return secret;
    }

    private void fill(By field, String text) {
        wait(STEP).until(d -> {
            var input = d.findElement(field);
            input.clear();
            input.sendKeys(text);
            return true;
        });
    }

    /** The row of a table inside the element {@code box} whose first cell is {@code key}. */
    private static String rowXpath(String box, String key) {
        return "//*[@id='" + box + "']//tr[td[1][normalize-space(.)='" + key + "']]";
    }

    private String tokenRow(String name) {
        var rows = browser.findElements(By.xpath(rowXpath("my-tokens", name)));
        return rows.isEmpty() ? "" : rows.get(0).getText();
    }

    private String userRow(String email) {
        var rows = browser.findElements(By.xpath(rowXpath("admin-users", email)));
        return rows.isEmpty() ? "" : rows.get(0).getText();
    }

    private JsonNode me(String... headers) {
        Api.Reply reply = api.get("/api/v1/auth/me", headers);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return reply.json();
    }

    private JsonNode user(String email) {
        JsonNode page = api.get("/api/v1/users?limit=1000", Api.apiKey()).json();
        return StreamSupport.stream(page.get("items").spliterator(), false)
                .filter(u -> u.get("email").asText().equals(email))
                .findFirst()
                .orElseThrow(() -> new AssertionError(email + " is not listed: " + page));
    }
}
