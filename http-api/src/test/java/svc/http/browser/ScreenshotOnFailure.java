package svc.http.browser;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;

/**
 * When a browser test fails, saves what the browser showed at that moment (before any
 * {@code @AfterEach} navigates away): {@code target/browser-failures/<class>.<test>.png} and the
 * page's DOM beside it as {@code .html}.
 */
public final class ScreenshotOnFailure implements AfterTestExecutionCallback {

    /** A test class whose browser the extension can photograph. */
    public interface WithBrowser {
        WebDriver browser();
    }

    static final Path DIR = Path.of("target", "browser-failures");

    @Override
    public void afterTestExecution(ExtensionContext context) throws Exception {
        if (context.getExecutionException().isEmpty()
                || !(context.getTestInstance().orElse(null) instanceof WithBrowser test)
                || test.browser() == null) {
            return;
        }
        String name = context.getRequiredTestClass().getSimpleName() + "."
                + context.getRequiredTestMethod().getName();
        Files.createDirectories(DIR);
        WebDriver browser = test.browser();
        try {
            byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
            Files.write(DIR.resolve(name + ".png"), png);
            Files.writeString(DIR.resolve(name + ".html"), browser.getPageSource(), StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            // The browser itself may be what failed; the test's own failure is what matters.
            Files.writeString(DIR.resolve(name + ".txt"), "no screenshot: " + e, StandardCharsets.UTF_8);
        }
    }
}
