package svc.http.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * The dashboard in a real browser against the shared test server, as a newcomer uses it: sign in
 * with the first-boot admin, start the German Credit demo on its default workflow
 * ({@code default_ml_pipeline}, scripted model), follow its stream live, approve its gates, see
 * it succeed, look at its artefacts and download the audit PDF; then every page at phone width
 * and from the keyboard. One browser for the class; a failing test leaves a screenshot under
 * {@code target/browser-failures/}.
 */
@ExtendWith(ServerExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DashboardBrowserTest extends BrowserTest {

    /** Room for the demo's run (seconds on an idle machine) on a loaded two-core machine. */
    private static final Duration RUN_DEADLINE = Duration.ofSeconds(240);

    private final TestServer server;
    private String runId;

    DashboardBrowserTest(TestServer server) {
        this.server = server;
    }

    @Test
    @Order(1)
    void signInStartTheDemoFollowItApproveItsGateAndDownloadTheAuditPdf() throws Exception {
        browser.get(server.api.base + "/");
        // Not signed in: the page sends the visitor to the sign-in form, which works from the keyboard.
        wait(STEP).until(ExpectedConditions.urlContains("/login"));
        WebElement email = wait(STEP).until(ExpectedConditions.elementToBeClickable(By.name("email")));
        assertThat(browser.switchTo().activeElement()).isEqualTo(email);
        email.sendKeys(TestServer.ADMIN_EMAIL, Keys.TAB);
        browser.switchTo().activeElement().sendKeys(TestServer.ADMIN_PASSWORD, Keys.ENTER);
        wait(STEP).until(ExpectedConditions.urlMatches("/(runs)?$"));
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("who"), TestServer.ADMIN_EMAIL));
        // The session lives in an HttpOnly cookie: the page's script cannot read it.
        assertThat(js("return document.cookie")).asString().doesNotContain("svc_session");

        // The demo preset fills the problem and the dataset; the test server runs in http-api/, so the
        // repository-relative path of the preset becomes the absolute one there.
        WebElement form = wait(STEP).until(ExpectedConditions.visibilityOfElementLocated(By.id("start-form")));
        form.findElement(By.xpath(".//button[starts-with(normalize-space(.), 'Use the demo')]"))
                .click();
        assertThat(form.findElement(By.name("problem")).getAttribute("value")).contains("credit risk");
        WebElement path = form.findElement(By.name("dataset_path"));
        assertThat(path.getAttribute("value")).isEqualTo("data/german_credit/german_credit.csv");
        path.clear();
        path.sendKeys(TestServer.DATASET.toString());
        assertThat(new Select(form.findElement(By.name("template")))
                        .getFirstSelectedOption()
                        .getText())
                .isEqualTo("default_ml_pipeline");
        form.findElement(By.cssSelector("button[type=submit]")).click();

        wait(STEP).until(ExpectedConditions.urlMatches("/runs/run-[0-9a-f]{16}$"));
        runId = browser.getCurrentUrl().substring(browser.getCurrentUrl().lastIndexOf('/') + 1);
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("run-facts"), runId));
        // The workflow graph is drawn with its nodes.
        wait(STEP)
                .until(ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#run-graph g[data-node='train_candidates']")));

        wait(STEP).until(d -> streamLength() > 0);

        // The run stops at its gates; the admin approves each on the run's page with a rationale. The
        // decision and what follows it arrive over the open WebSocket: the stream grows live.
        int approved = 0;
        while (!runState().equals("succeeded")) {
            wait(RUN_DEADLINE)
                    .until(d ->
                            runState().equals("succeeded") || !pendingGates().isEmpty());
            if (runState().equals("succeeded")) {
                break;
            }
            assertThat(runState()).isEqualTo("waiting_approval");
            if (approved == 0) {
                // A run waiting at a gate, at phone width: the gate card and its form fit.
                browser.manage().window().setSize(Browser.PHONE);
                assertFitsTheScreen("/runs/" + runId + " at a gate");
                browser.manage().window().setSize(Browser.DESKTOP);
            }
            String rationale = "Reviewed in the browser test, gate " + (++approved);
            int before = streamLength();
            // Typed and sent in one try of a wait: a card redrawn meanwhile is found again and filled anew.
            wait(STEP).until(d -> {
                WebElement gate = pendingGates().get(0);
                WebElement field = gate.findElement(By.name("rationale"));
                field.clear();
                field.sendKeys(rationale);
                gate.findElement(By.cssSelector("button.approve")).click();
                return true;
            });
            wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("stream"), rationale));
            assertThat(streamLength()).isGreaterThan(before);
            assertThat(approved).as("gates approved").isLessThan(5);
        }
        assertThat(approved).as("gates approved").isPositive();
        // A finished agent shows its time and cost in the tree, and once the run has succeeded nobody is
        // still working (the director's last task ends with the run, not with a message of its own).
        // The tree is redrawn on every run update: read it inside the wait, which ignores a stale node.
        wait(STEP)
                .until(d -> d.findElement(By.cssSelector("#agent-tree [data-agent='director'] > .agent"))
                        .getText()
                        .matches("(?s).*director done .*\\$.*"));
        assertThat(browser.findElements(By.cssSelector("#agent-tree .badge.agent-working")))
                .isEmpty();

        // Artefact viewers: the metrics table first, then charts drawn by ECharts on canvases.
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("artefact-panel"), "accuracy"));
        for (String tab : List.of("fairness.json", "shap.json", "drift.json")) {
            click(By.cssSelector("[role=tab][data-artefact='" + tab + "']"));
            wait(STEP)
                    .until(ExpectedConditions.presenceOfElementLocated(
                            By.cssSelector("#artefact-panel .chart canvas")));
        }
        click(By.cssSelector("[role=tab][data-artefact='model_card.md']"));
        wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#artefact-panel .markdown h2")));

        // The audit PDF downloads with the session cookie.
        wait(RUN_DEADLINE)
                .until(ExpectedConditions.elementToBeClickable(By.id("audit-pdf")))
                .click();
        Path pdf = downloads.resolve(runId + "-audit.pdf");
        wait(STEP).until(d -> Files.isRegularFile(pdf));
        byte[] head = Files.readAllBytes(pdf);
        assertThat(new String(head, 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");

        // The decision is in the approvals inbox's history.
        browser.findElement(By.cssSelector("#nav a[href='/approvals']")).click();
        wait(STEP).until(ExpectedConditions.textToBePresentInElementLocated(By.id("decided"), runId));
    }

    @Test
    @Order(2)
    void everyPageFitsAPhoneScreen() {
        signedIn();
        browser.manage().window().setSize(Browser.PHONE);
        try {
            for (String page : pages()) {
                browser.get(server.api.base + page);
                wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("main h1")));
                wait(STEP)
                        .until(d -> browser.findElements(By.cssSelector("main .loading"))
                                .isEmpty());
                assertFitsTheScreen(page);
                // The navigation folds into a menu button that opens it.
                WebElement menu = browser.findElement(By.id("menu"));
                assertThat(menu.isDisplayed()).as(page).isTrue();
                assertThat(browser.findElement(By.id("nav")).isDisplayed()).isFalse();
                menu.click();
                assertThat(browser.findElement(By.id("nav")).isDisplayed()).isTrue();
                assertThat(menu.getAttribute("aria-expanded")).isEqualTo("true");
            }
        } finally {
            browser.manage().window().setSize(Browser.DESKTOP);
        }
    }

    @Test
    @Order(3)
    void theSkipLinkComesFirstAndTheLandmarksAreLabelled() {
        signedIn();
        browser.get(server.api.base + "/approvals");
        wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("main h1")));
        browser.findElement(By.tagName("body")).sendKeys(Keys.TAB);
        WebElement first = browser.switchTo().activeElement();
        assertThat(first.getText()).isEqualTo("Skip to content");
        first.sendKeys(Keys.ENTER);
        assertThat(browser.switchTo().activeElement().getAttribute("id")).isEqualTo("main");
        assertThat(browser.findElement(By.cssSelector("nav[aria-label=Main]")).isDisplayed())
                .isTrue();
        // Every form control on every page has a label.
        for (String page : pages()) {
            browser.get(server.api.base + page);
            wait(STEP).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("main h1")));
            wait(STEP)
                    .until(d -> browser.findElements(By.cssSelector("main .loading"))
                            .isEmpty());
            Object unlabelled = js("return [...document.querySelectorAll('main input, main select, main textarea')]"
                    + ".filter(e => e.type !== 'hidden' && !e.labels.length && !e.getAttribute('aria-label'))"
                    + ".map(e => e.name || e.id)");
            assertThat((List<?>) unlabelled).as(page).isEmpty();
        }
    }

    private List<String> pages() {
        return Stream.of(
                        "/runs", runId == null ? null : "/runs/" + runId, "/approvals", "/models", "/admin", "/profile")
                .filter(p -> p != null)
                .toList();
    }

    private void signedIn() {
        signedIn(server.api.base, TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
    }

    /** Nothing sticks out sideways: the page scrolls only down (tables and the graph scroll in their boxes). */
    private void assertFitsTheScreen(String page) {
        Number overflow =
                (Number) js("return document.documentElement.scrollWidth - document.documentElement.clientWidth");
        if (overflow.intValue() > 0) {
            throw new AssertionError(page + " is " + overflow + " px wider than the screen; too wide: "
                    + js("return [...document.querySelectorAll('body *')]"
                            + ".filter(e => e.getBoundingClientRect().right"
                            + " > document.documentElement.clientWidth + 1"
                            + " && !e.parentElement.closest('.scroll'))"
                            + ".slice(0, 4).map(e => e.parentElement.outerHTML.slice(0, 160))"));
        }
    }

    /** Read by script: the run's facts are redrawn as the stream reports progress. */
    private String runState() {
        return String.valueOf(js("return document.getElementById('run-state')?.textContent ?? ''"));
    }

    private List<WebElement> pendingGates() {
        return browser.findElements(By.cssSelector("#run-gates [data-gate] button.approve")).stream()
                .map(b -> b.findElement(By.xpath("ancestor::article")))
                .toList();
    }

    private int streamLength() {
        return browser.findElements(By.cssSelector("#stream > li")).size();
    }
}
