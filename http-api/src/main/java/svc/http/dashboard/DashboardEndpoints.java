package svc.http.dashboard;

import static org.apache.pekko.http.javadsl.server.Directives.complete;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.server.Route;
import svc.http.problem.ApiProblem;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;

/**
 * Serves the dashboard: {@code GET /} answers its one page, {@code GET /static/{file...}} its
 * modules, styles and images from this jar, and {@code /static/vendor/echarts.esm.min.js} the
 * ECharts bundle from the {@code org.webjars.npm:echarts} jar. Any other GET of a browser
 * navigation (a path outside the API that asks for HTML) gets the page too ({@link #page}), so a
 * deep link such as {@code /runs/run-…} works after a reload: the page's router reads the path.
 *
 * <p>The files are read from the class path once and kept (they cannot change under a running
 * jar); the application's own files are sent with {@code Cache-Control: no-cache} so a new
 * version is seen at once, the vendor bundle (versioned in its path) with a day's caching.
 */
public final class DashboardEndpoints {

    /** The ECharts version of the WebJar on the class path (the root pom's dependencyManagement). */
    static final String ECHARTS_VERSION = "5.3.1";

    static final String ROOT = "svc/http/dashboard/static/";
    static final String ECHARTS = "META-INF/resources/webjars/echarts/" + ECHARTS_VERSION + "/dist/";
    private static final String VENDOR = "vendor/";

    /** Paths that belong to the server, never to the page (an unknown one there stays a 404 problem). */
    private static final List<String> SERVER_PATHS =
            List.of("/api/", "/auth/", "/static/", "/metrics", "/healthz", "/livez", "/openapi.json", "/docs", "/ws");

    private final Map<String, Optional<byte[]>> files = new ConcurrentHashMap<>();

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/",
                        null,
                        "dashboard.page",
                        Doc.of("dashboard", "The operator dashboard (one HTML page; its router reads the path)", null)
                                .media("text/html")
                                .errors(400),
                        call -> page()),
                new Endpoint(
                        "GET",
                        "/static/{file...}",
                        null,
                        "dashboard.static",
                        Doc.of(
                                        "dashboard",
                                        "The dashboard's ES modules, styles and images, and the ECharts bundle"
                                                + " (vendor/echarts.esm.min.js)",
                                        null)
                                .media("*/*")
                                .errors(400, 404),
                        call -> asset(call.param("file"))));
    }

    /** The dashboard's page, for {@code /} and for browser navigations to paths the API does not serve. */
    public Route page() {
        byte[] html = read(ROOT + "index.html").orElseThrow(() -> new IllegalStateException("index.html missing"));
        return complete(HttpResponse.create()
                .withEntity(HttpEntities.create(ContentTypes.TEXT_HTML_UTF8, html))
                .addHeader(RawHeader.create("Cache-Control", "no-cache")));
    }

    /**
     * Whether an unmatched request is a browser navigation the page should answer: a GET outside
     * the server's own paths whose {@code Accept} names HTML (an API client asking for JSON, or
     * for anything, still gets the 404 problem).
     */
    public static boolean isNavigation(HttpRequest request) {
        if (!request.method().value().equals("GET")) {
            return false;
        }
        String path = request.getUri().path();
        if (SERVER_PATHS.stream().anyMatch(p -> path.startsWith(p) || path.equals(p.replaceAll("/$", "")))) {
            return false;
        }
        return asksForHtml(request);
    }

    /** Whether a browser navigates: it names text/html, where an API client defaults to a wildcard. */
    public static boolean asksForHtml(HttpRequest request) {
        return request.getHeader("Accept")
                .map(h -> h.value().toLowerCase(Locale.ROOT).contains("text/html"))
                .orElse(false);
    }

    private Route asset(String file) {
        if (file == null || file.contains("..") || file.contains("\\") || file.startsWith("/")) {
            throw ApiProblem.notFound("no dashboard file " + file);
        }
        boolean vendor = file.startsWith(VENDOR);
        String resource = vendor ? ECHARTS + file.substring(VENDOR.length()) : ROOT + file;
        byte[] bytes = read(resource).orElseThrow(() -> ApiProblem.notFound("no dashboard file " + file));
        return complete(HttpResponse.create()
                .withEntity(HttpEntities.create(contentType(file), bytes))
                .addHeader(RawHeader.create("Cache-Control", vendor ? "public, max-age=86400" : "no-cache")));
    }

    private Optional<byte[]> read(String resource) {
        return files.computeIfAbsent(resource, DashboardEndpoints::load);
    }

    private static Optional<byte[]> load(String resource) {
        try (InputStream in = DashboardEndpoints.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the jar", e);
        }
    }

    /** Browsers run an ES module only when it is served as JavaScript. */
    static ContentType contentType(String file) {
        String lower = file.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".js") || lower.endsWith(".mjs")) {
            return ContentTypes.parse("text/javascript; charset=UTF-8");
        }
        if (lower.endsWith(".css")) {
            return ContentTypes.parse("text/css; charset=UTF-8");
        }
        if (lower.endsWith(".svg")) {
            return ContentTypes.parse("image/svg+xml");
        }
        if (lower.endsWith(".html")) {
            return ContentTypes.TEXT_HTML_UTF8;
        }
        if (lower.endsWith(".png")) {
            return ContentTypes.parse("image/png");
        }
        return ContentTypes.APPLICATION_OCTET_STREAM;
    }
}
