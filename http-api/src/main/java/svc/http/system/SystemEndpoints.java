package svc.http.system;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import svc.config.Json;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Responses;
import svc.http.telemetry.ApiMetrics;
import svc.persistence.Database;

/**
 * Unauthenticated service routes: liveness, readiness with its checks, branding, Prometheus
 * metrics, the OpenAPI document and (development only) the explorer page.
 */
public final class SystemEndpoints {

    private final Database database;
    private final Path runsDir;
    private final String llmProvider;
    private final Supplier<CompletionStage<List<svc.core.llm.providers.LlmProviders.Reachability>>> providerHealth;
    private final ApiMetrics metrics;
    private final Executor blocking;
    private final Supplier<ObjectNode> openApi;
    private final boolean docs;

    public SystemEndpoints(
            Database database,
            Path runsDir,
            String llmProvider,
            ApiMetrics metrics,
            Executor blocking,
            Supplier<ObjectNode> openApi,
            boolean docs) {
        this(
                database,
                runsDir,
                llmProvider,
                () -> CompletableFuture.completedFuture(List.of()),
                metrics,
                blocking,
                openApi,
                docs);
    }

    /** With each configured model provider's reachability in /livez. */
    public SystemEndpoints(
            Database database,
            Path runsDir,
            String llmProvider,
            Supplier<CompletionStage<List<svc.core.llm.providers.LlmProviders.Reachability>>> providerHealth,
            ApiMetrics metrics,
            Executor blocking,
            Supplier<ObjectNode> openApi,
            boolean docs) {
        this.providerHealth = providerHealth;
        this.database = database;
        this.runsDir = runsDir;
        this.llmProvider = llmProvider;
        this.metrics = metrics;
        this.blocking = blocking;
        this.openApi = openApi;
        this.docs = docs;
    }

    public List<Endpoint> endpoints() {
        List<Endpoint> list = new java.util.ArrayList<>(List.of(
                new Endpoint(
                        "GET",
                        "/healthz",
                        null,
                        "system.healthz",
                        new Endpoint.Doc(
                                "Liveness: 200 whenever the process is alive",
                                "system",
                                null,
                                200,
                                "Health",
                                null,
                                List.of(),
                                List.of()),
                        call -> Responses.ok(Json.object().put("status", "ok"))),
                new Endpoint(
                        "GET",
                        "/livez",
                        null,
                        "system.livez",
                        new Endpoint.Doc(
                                "Readiness: database, artefact store and LLM provider; 503 when one fails",
                                "system",
                                null,
                                200,
                                "Readiness",
                                null,
                                List.of(),
                                List.of(503)),
                        this::livez),
                new Endpoint(
                        "GET",
                        "/metrics",
                        null,
                        "system.metrics",
                        new Endpoint.Doc(
                                "Prometheus text exposition",
                                "system",
                                null,
                                200,
                                null,
                                "text/plain",
                                List.of(),
                                List.of()),
                        this::metrics),
                new Endpoint(
                        "GET",
                        "/api/v1/metrics",
                        null,
                        "system.metrics.v1",
                        new Endpoint.Doc(
                                "Prometheus text exposition (alias of /metrics)",
                                "system",
                                null,
                                200,
                                null,
                                "text/plain",
                                List.of(),
                                List.of()),
                        this::metrics),
                new Endpoint(
                        "GET",
                        "/api/v1/config/branding",
                        null,
                        "config.branding",
                        new Endpoint.Doc(
                                "Branding and pipeline options for clients",
                                "system",
                                null,
                                200,
                                "Branding",
                                null,
                                List.of(),
                                List.of(429)),
                        call -> Responses.ok(Branding.defaults())),
                new Endpoint(
                        "GET",
                        "/openapi.json",
                        null,
                        "system.openapi",
                        new Endpoint.Doc(
                                "This API's OpenAPI 3.0 document",
                                "system",
                                null,
                                200,
                                "OpenApiDocument",
                                null,
                                List.of(),
                                List.of()),
                        call -> Responses.ok(openApi.get()))));
        if (docs) {
            list.add(new Endpoint(
                    "GET",
                    "/docs",
                    null,
                    "system.docs",
                    new Endpoint.Doc(
                            "Interactive explorer of /openapi.json (development mode only)",
                            "system",
                            null,
                            200,
                            null,
                            "text/html",
                            List.of(),
                            List.of()),
                    call -> CompletableFuture.completedFuture(
                            HttpResponse.create().withEntity(ContentTypes.TEXT_HTML_UTF8, DocsPage.HTML))));
        }
        return List.copyOf(list);
    }

    private CompletionStage<HttpResponse> metrics(Call call) {
        return CompletableFuture.completedFuture(
                HttpResponse.create().withEntity(ContentTypes.parse(metrics.contentType()), metrics.scrape()));
    }

    private CompletionStage<HttpResponse> livez(Call call) {
        // The providers are asked over the network (asynchronously); the database and disk checks block.
        return providerHealth.get().thenApplyAsync(this::readiness, blocking);
    }

    private HttpResponse readiness(List<svc.core.llm.providers.LlmProviders.Reachability> providers) {
        ObjectNode checks = Json.object();
        boolean db = database.isReachable();
        checks.putObject("database").put("ok", db).put("detail", db ? "reachable" : "no answer within 2 s");
        String store = storeProblem();
        checks.putObject("artifact_store")
                .put("ok", store == null)
                .put("detail", store == null ? "writable: " + runsDir : store);
        boolean reachable = providers.stream().allMatch(svc.core.llm.providers.LlmProviders.Reachability::reachable);
        ObjectNode llm = checks.putObject("llm_provider").put("ok", reachable).put("provider", llmProvider);
        if (providers.isEmpty()) {
            llm.put("detail", "in-process model, nothing to reach");
        }
        var each = llm.putArray("providers");
        for (var r : providers) {
            each.addObject()
                    .put("name", r.provider())
                    .put("kind", r.kind())
                    .put("base_url", r.baseUrl())
                    .put("reachable", r.reachable())
                    .put("detail", r.detail());
        }
        boolean ok = db && store == null && reachable;
        ObjectNode body = Json.object().put("status", ok ? "ok" : "degraded");
        body.set("checks", checks);
        return Responses.json(ok ? 200 : 503, body);
    }

    /** Null when a file can be created and removed under the runs directory, else why not. */
    private String storeProblem() {
        try {
            Files.createDirectories(runsDir);
            Path probe = Files.createTempFile(runsDir, ".livez-", ".tmp");
            Files.delete(probe);
            return null;
        } catch (IOException e) {
            return "cannot write under " + runsDir + ": " + e.getMessage();
        }
    }
}
