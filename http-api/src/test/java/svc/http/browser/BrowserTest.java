package svc.http.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What every dashboard browser test shares: one headless browser for the class ({@link Browser}),
 * a screenshot and the DOM when a test fails ({@link ScreenshotOnFailure}), a console without
 * script errors after each test, and waits made for a loaded two-core machine: generous
 * deadlines, and one find-and-act per try so a node the page redrew meanwhile is found again.
 */
@ExtendWith(ScreenshotOnFailure.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BrowserTest implements ScreenshotOnFailure.WithBrowser {

    /** Room for one step of the page (a fetch and a redraw) on a loaded two-core machine. */
    static final Duration STEP = Duration.ofSeconds(20);

    final Path downloads =
            Path.of("target", "browser-downloads", UUID.randomUUID().toString());
    ChromeDriver browser;

    @BeforeAll
    void startBrowser() throws Exception {
        browser = Browser.start(downloads);
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * No script error and nothing the content security policy refused (the page carries the
     * policy the server sends, {@code default-src 'self'}). Failed loads are left out: a 401 from
     * {@code /auth/me} before sign-in is how the page learns it must ask for one.
     */
    @AfterEach
    void theConsoleHasNoErrors() {
        List<String> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(m -> !m.contains("Failed to load resource"))
                .toList();
        assertThat(errors).isEmpty();
    }

    @Override
    public WebDriver browser() {
        return browser;
    }

    /** Signs in through the form unless this browser already has a session on {@code base}. */
    void signedIn(String base, String email, String password) {
        browser.get(base + "/runs");
        wait(STEP)
                .until(d -> d.getCurrentUrl().contains("/login")
                        || d.getCurrentUrl().endsWith("/runs"));
        if (browser.getCurrentUrl().contains("/login")) {
            signInThroughTheForm(email, password);
            wait(STEP).until(ExpectedConditions.urlMatches("/(runs)?$"));
        }
    }

    /** Types the credentials into the sign-in form on screen and sends it. */
    void signInThroughTheForm(String email, String password) {
        wait(STEP).until(d -> {
            var field = d.findElement(By.name("email"));
            field.clear();
            field.sendKeys(email);
            return true;
        });
        wait(STEP).until(d -> {
            var field = d.findElement(By.name("password"));
            field.clear();
            field.sendKeys(password, Keys.ENTER);
            return true;
        });
    }

    /** Signs out with the header's button and waits for the sign-in form. */
    void signOut() {
        click(By.xpath("//*[@id='who']//button[normalize-space(.)='Sign out']"));
        wait(STEP).until(ExpectedConditions.urlContains("/login"));
        wait(STEP).until(ExpectedConditions.elementToBeClickable(By.name("email")));
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    /** Finds and clicks in one try of a wait, so a node redrawn between the two is found again. */
    void click(By locator) {
        wait(STEP).until(d -> {
            d.findElement(locator).click();
            return true;
        });
    }

    WebDriverWait wait(Duration deadline) {
        WebDriverWait wait = new WebDriverWait(browser, deadline, Duration.ofMillis(200));
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }
}
