package svc.http.browser;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's {@code chromium} driven by its {@code chromium-driver}, both named by path so Selenium
 * Manager never looks for (or downloads) a browser. Without them the browser tests are skipped,
 * unless {@code SVC_REQUIRE_BROWSER=1} (set by {@code .ci/run}), which makes a missing browser a
 * failure. Override the paths with {@code SVC_CHROMIUM} and {@code SVC_CHROMEDRIVER}.
 */
final class Browser {

    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(390, 844);

    private Browser() {}

    /** A headless browser at desktop size that saves downloads into {@code downloads}. */
    static ChromeDriver start(Path downloads) throws Exception {
        File browser = executable("SVC_CHROMIUM", "/usr/bin/chromium");
        File driver = executable("SVC_CHROMEDRIVER", "/usr/bin/chromedriver");
        Files.createDirectories(downloads);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(browser);
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-extensions",
                "--no-first-run",
                "--window-size=" + DESKTOP.width + "," + DESKTOP.height);
        options.setExperimentalOption(
                "prefs",
                Map.of(
                        "download.default_directory", downloads.toAbsolutePath().toString(),
                        "download.prompt_for_download", false,
                        "safebrowsing.enabled", false));
        // The console's messages, so a test can fail on a script error or a refusal by the CSP.
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver)
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(60))
                .build();
        ChromeDriver chrome = new ChromeDriver(service, options);
        chrome.manage().window().setSize(DESKTOP);
        chrome.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        return chrome;
    }

    private static File executable(String variable, String fallback) {
        String path = System.getenv().getOrDefault(variable, fallback);
        File file = new File(path);
        boolean found = file.canExecute();
        if (!found && "1".equals(System.getenv("SVC_REQUIRE_BROWSER"))) {
            throw new IllegalStateException(path + " is missing and SVC_REQUIRE_BROWSER=1: install Debian's chromium"
                    + " and chromium-driver (apt-get install chromium chromium-driver) or set " + variable);
        }
        assumeTrue(
                found, path + " is missing: the browser tests are skipped (apt-get install chromium chromium-driver)");
        return file;
    }
}
