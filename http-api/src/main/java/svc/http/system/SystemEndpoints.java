package svc.http.system;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpEntity;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.io.DiskFull;
import svc.core.llm.providers.LlmProviders.Reachability;
import svc.core.tools.ToolSource;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;
import svc.http.system.Readiness.Check;
import svc.http.system.Readiness.Checks;
import svc.http.system.Readiness.Health;
import svc.http.system.Readiness.LlmCheck;
import svc.http.system.Readiness.Reach;
import svc.http.system.Readiness.StoreCheck;
import svc.http.telemetry.ApiMetrics;
import svc.persistence.Database;
import svc.persistence.store.WorkingCopy;

/**
 * Unauthenticated service routes: liveness, readiness with its checks, Prometheus metrics, the
 * OpenAPI document and (development only) the explorer page. Branding is {@link ConfigEndpoints}'.
 */
public final class SystemEndpoints {

    private static final Health OK = new Health("ok");

    private final Database database;
    private final WorkingCopy files;
    private final String llmProvider;
    private final Supplier<CompletionStage<List<Reachability>>> providerHealth;
    private final Supplier<List<ToolSource.Health>> toolSources;
    private final ApiMetrics metrics;
    private final Executor blocking;
    private final Supplier<?> openApi;
    private final boolean docs;
    private volatile HttpEntity.Strict openApiEntity;

    public SystemEndpoints(
            Database database,
            WorkingCopy files,
            String llmProvider,
            ApiMetrics metrics,
            Executor blocking,
            Supplier<?> openApi,
            boolean docs) {
        this(
                database,
                files,
                llmProvider,
                () -> CompletableFuture.completedFuture(List.of()),
                metrics,
                blocking,
                openApi,
                docs);
    }

    /**
     * With each configured model provider's reachability in /livez. {@code openApi} gives the
     * document once the endpoint list is complete; it is written once, on first request.
     */
    public SystemEndpoints(
            Database database,
            WorkingCopy files,
            String llmProvider,
            Supplier<CompletionStage<List<Reachability>>> providerHealth,
            ApiMetrics metrics,
            Executor blocking,
            Supplier<?> openApi,
            boolean docs) {
        this(database, files, llmProvider, providerHealth, List::of, metrics, blocking, openApi, docs);
    }

    /** With each MCP server's state in /livez ({@code toolSources}: the platform's tool sources' health). */
    public SystemEndpoints(
            Database database,
            WorkingCopy files,
            String llmProvider,
            Supplier<CompletionStage<List<Reachability>>> providerHealth,
            Supplier<List<ToolSource.Health>> toolSources,
            ApiMetrics metrics,
            Executor blocking,
            Supplier<?> openApi,
            boolean docs) {
        this.toolSources = toolSources;
        this.providerHealth = providerHealth;
        this.database = database;
        this.files = files;
        this.llmProvider = llmProvider;
        this.metrics = metrics;
        this.blocking = blocking;
        this.openApi = openApi;
        this.docs = docs;
    }

    public List<Endpoint> endpoints() {
        List<Endpoint> list = new ArrayList<>(List.of(
                new Endpoint(
                        "GET",
                        "/healthz",
                        null,
                        "system.healthz",
                        Doc.of("system", "Liveness: 200 whenever the process is alive", "Health")
                                .errors(400),
                        call -> complete(StatusCodes.OK, OK, JsonSupport.json())),
                new Endpoint(
                        "GET",
                        "/livez",
                        null,
                        "system.livez",
                        Doc.of(
                                        "system",
                                        "Readiness: database, artefact store and LLM provider; 503 when one fails",
                                        "Readiness")
                                .errors(400, 503),
                        call -> livez()),
                new Endpoint(
                        "GET",
                        "/metrics",
                        null,
                        "system.metrics",
                        Doc.of("system", "Prometheus text exposition", null)
                                .media("text/plain")
                                .errors(400),
                        call -> metrics()),
                new Endpoint(
                        "GET",
                        "/api/v1/metrics",
                        null,
                        "system.metrics.v1",
                        Doc.of("system", "Prometheus text exposition (alias of /metrics)", null)
                                .media("text/plain")
                                .errors(400),
                        call -> metrics()),
                new Endpoint(
                        "GET",
                        "/openapi.json",
                        null,
                        "system.openapi",
                        Doc.of("system", "This API's OpenAPI 3.0 document", "OpenApiDocument")
                                .errors(400),
                        call -> complete(openApiEntity()))));
        if (docs) {
            String docsPolicy = DocsPage.policy();
            list.add(new Endpoint(
                    "GET",
                    "/docs",
                    null,
                    "system.docs",
                    Doc.of("system", "Interactive explorer of /openapi.json (development mode only)", null)
                            .media("text/html")
                            .errors(400),
                    call -> complete(HttpResponse.create()
                            .withEntity(HttpEntities.create(ContentTypes.TEXT_HTML_UTF8, DocsPage.HTML))
                            .addHeader(RawHeader.create("Content-Security-Policy", docsPolicy)))));
        }
        return List.copyOf(list);
    }

    /** The document never changes while the server runs, so its bytes are made once. */
    private HttpEntity.Strict openApiEntity() {
        HttpEntity.Strict entity = openApiEntity;
        if (entity == null) {
            entity = HttpEntities.create(ContentTypes.APPLICATION_JSON, JsonSupport.bytes(openApi.get()));
            openApiEntity = entity;
        }
        return entity;
    }

    private Route metrics() {
        return complete(HttpEntities.create(ContentTypes.parse(metrics.contentType()), metrics.scrape()));
    }

    private Route livez() {
        // The providers are asked over the network (asynchronously); the database and disk checks block.
        return onSuccess(
                providerHealth.get().thenApplyAsync(this::readiness, blocking),
                r -> complete(
                        r.status().equals("ok") ? StatusCodes.OK : StatusCodes.SERVICE_UNAVAILABLE,
                        r,
                        JsonSupport.json()));
    }

    private Readiness readiness(List<Reachability> providers) {
        boolean db = database.isReachable();
        StoreCheck storeCheck = storeCheck();
        String store = storeCheck.ok() ? null : storeCheck.detail();
        boolean reachable = providers.stream().allMatch(Reachability::reachable);
        Checks checks = new Checks(
                new Check(db, db ? "reachable" : "no answer within 2 s"),
                storeCheck,
                new LlmCheck(
                        reachable,
                        llmProvider,
                        providers.isEmpty() ? "in-process model, nothing to reach" : null,
                        providers.stream().map(Reach::of).toList()),
                // An MCP server that crashed starts again on its next call: reported, not a degradation.
                new Readiness.McpCheck(
                        true,
                        toolSources.get().stream().map(Readiness.Server::of).toList()));
        return new Readiness(db && store == null && reachable ? "ok" : "degraded", checks);
    }

    /** The store's answer and the space left where this node writes the runs' files. */
    private StoreCheck storeCheck() {
        String problem = storeProblem();
        Long free = null;
        Long total = null;
        try {
            FileStore fs = Files.getFileStore(Files.createDirectories(files.root()));
            free = fs.getUsableSpace();
            total = fs.getTotalSpace();
        } catch (IOException | RuntimeException e) {
            // Space unknown (a file system that does not say): the probe's answer stands alone.
        }
        if (problem == null && free != null && free == 0) {
            problem = "no space left on " + files.root() + " (" + DiskFull.NO_SPACE + "): every run's next write fails";
        }
        String detail =
                problem != null ? problem : "reachable: " + files.store().describe();
        return new StoreCheck(problem == null, detail, free, total);
    }

    /**
     * Null when the artefact store answers and takes writes (a probe file for a directory, the
     * bucket for S3) and this node's working copy is writable, else why not.
     */
    private String storeProblem() {
        try {
            files.store().check();
        } catch (IOException | RuntimeException e) {
            return "artefact store " + files.store().describe() + ": " + e.getMessage();
        }
        if (files.direct()) {
            return null;
        }
        try {
            Files.createDirectories(files.root());
            Path probe = Files.createTempFile(files.root(), ".livez-", ".tmp");
            Files.delete(probe);
            return null;
        } catch (IOException e) {
            return "cannot write the working copy under " + files.root() + ": " + e.getMessage();
        }
    }
}
