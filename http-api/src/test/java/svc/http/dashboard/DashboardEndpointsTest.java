package svc.http.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** The dashboard's files as the server serves them, and what its content security policy asks of them. */
@ExtendWith(ServerExtension.class)
class DashboardEndpointsTest {

    private static final Pattern IMPORT = Pattern.compile("(?:from|import)\\s*\\(?\\s*'([^']+)'");
    private static final String HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

    private final Api api;

    DashboardEndpointsTest(TestServer server) {
        this.api = server.api;
    }

    @Test
    void theRootServesThePageWhichLoadsOneModuleAndNoInlineCode() {
        Api.Reply page = api.get("/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        String html = page.text();
        assertThat(html).contains("<script type=\"module\" src=\"/static/app.js\"></script>");
        // default-src 'self': every script has a src, there is no <style> and no style attribute.
        assertThat(Pattern.compile("<script(?![^>]*\\ssrc=)").matcher(html).find())
                .isFalse();
        assertThat(html).doesNotContain("<style").doesNotContain(" style=").doesNotContain(" onclick=");
        assertThat(html).contains("<main id=\"main\"").contains("<nav id=\"nav\" aria-label=\"Main\">");
    }

    @Test
    void everyModuleAndEveryModuleItImportsIsServedAsJavaScript() throws Exception {
        List<String> files = staticFiles();
        assertThat(files).contains("app.js", "api.js", "pages/run.js", "app.css", "logo.svg");
        for (String file : files) {
            Api.Reply r = api.get("/static/" + file);
            assertThat(r.status()).as(file).isEqualTo(200);
            assertThat(r.header("Cache-Control")).as(file).hasValue("no-cache");
            if (file.endsWith(".js")) {
                assertThat(r.header("Content-Type")).as(file).hasValue("text/javascript; charset=UTF-8");
                for (String imported : imports(file, r.text())) {
                    assertThat(api.get(imported).status())
                            .as(file + " imports " + imported)
                            .isEqualTo(200);
                }
            }
        }
        assertThat(api.get("/static/app.css").header("Content-Type")).hasValue("text/css; charset=UTF-8");
        assertThat(api.get("/static/logo.svg").header("Content-Type")).hasValue("image/svg+xml");
    }

    @Test
    void theEchartsBundleComesFromItsWebJar() {
        Api.Reply r = api.get("/static/vendor/echarts.esm.min.js");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).hasValue("text/javascript; charset=UTF-8");
        assertThat(r.header("Cache-Control")).hasValue("public, max-age=86400");
        assertThat(r.text()).contains("export{").hasSizeGreaterThan(500_000);
    }

    @Test
    void theCodeLeavesNothingForTheCspToRefuse() throws Exception {
        for (String file : staticFiles()) {
            if (!file.endsWith(".js")) {
                continue;
            }
            String code = Files.readString(root().resolve(file), StandardCharsets.UTF_8);
            // No HTML parsing of server text, no eval, no inline styles (the CSSOM's setProperty is allowed).
            assertThat(code).as(file).doesNotContain("innerHTML", "outerHTML", "insertAdjacentHTML", "eval(");
            assertThat(code).as(file).doesNotContain("new Function(", "localStorage", "sessionStorage");
            assertThat(code.replace(".style.setProperty(", "")).as(file).doesNotContain(".style.");
        }
    }

    @Test
    void aBrowserNavigationOutsideTheApiGetsThePageAndAnythingElseA404() {
        for (String path : List.of("/runs", "/runs/run-0123456789abcdef", "/approvals", "/no/such/page")) {
            Api.Reply r = api.get(path, "Accept", HTML);
            assertThat(r.status()).as(path).isEqualTo(200);
            assertThat(r.text()).as(path).contains("/static/app.js");
        }
        // The API, the server's own paths and clients that do not ask for HTML keep their problem details.
        for (String path : List.of("/api/v1/nothing", "/static/nothing.js", "/metricsx/y", "/auth/nothing")) {
            Api.Reply r = api.get(path, "Accept", HTML);
            assertThat(r.status()).as(path).isEqualTo(404);
            assertThat(r.header("Content-Type")).as(path).hasValue("application/problem+json");
        }
        assertThat(api.get("/runs", "Accept", "application/json").status()).isEqualTo(404);
        assertThat(api.get("/runs").status()).isEqualTo(404);
    }

    @Test
    void nothingOutsideTheDashboardFolderIsServed() {
        for (String path : List.of(
                "/static/../svc/http/server/HttpServer.class",
                "/static/%2e%2e/%2e%2e/application.conf",
                "/static/vendor/../../../../META-INF/MANIFEST.MF",
                "/static/..%2F..%2Freference.conf")) {
            assertThat(api.get(path).status()).as(path).isEqualTo(404);
        }
    }

    /** The relative and absolute module paths a file imports, as absolute URL paths. */
    private static List<String> imports(String file, String code) {
        List<String> found = new ArrayList<>();
        Matcher m = IMPORT.matcher(code);
        String dir = file.contains("/") ? file.substring(0, file.lastIndexOf('/') + 1) : "";
        while (m.find()) {
            String target = m.group(1);
            if (target.endsWith("/")) {
                continue; // the start of a computed path, e.g. import('./pages/' + name + '.js')
            }
            if (target.startsWith("/")) {
                found.add(target);
            } else if (target.startsWith("./") || target.startsWith("../")) {
                found.add("/static/"
                        + Path.of(dir + target).normalize().toString().replace('\\', '/'));
            }
        }
        return found;
    }

    private static Path root() throws URISyntaxException {
        URL index = DashboardEndpointsTest.class.getClassLoader().getResource(DashboardEndpoints.ROOT + "index.html");
        return Path.of(index.toURI()).getParent();
    }

    private static List<String> staticFiles() throws IOException, URISyntaxException {
        Path root = root();
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        }
    }
}
