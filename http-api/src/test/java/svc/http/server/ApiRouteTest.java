package svc.http.server;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.japi.function.Function;
import org.apache.pekko.stream.Materializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.telemetry.Tracing;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialSink;
import svc.http.auth.AccessControl;
import svc.http.auth.Authenticator;
import svc.http.auth.JwtKeys;
import svc.http.auth.TokenService;
import svc.http.ratelimit.RateLimiter;
import svc.http.ratelimit.RateLimits;
import svc.http.telemetry.ApiMetrics;

/** The routing tree built from endpoint templates, run without binding a port. */
class ApiRouteTest {

    private static final ActorTestKit KIT = ActorTestKit.create("api-route-test");

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    /** A public endpoint that answers its class and its path parameters. */
    private static Endpoint e(String method, String template) {
        return new Endpoint(
                method,
                template,
                null,
                template,
                Endpoint.Doc.of("test", "test", null),
                call -> complete(Json.write(Map.of("endpoint", template, "params", call.params()))));
    }

    private static Function<HttpRequest, CompletionStage<HttpResponse>> handler(List<Endpoint> endpoints) {
        TokenService tokens = new TokenService(
                new JwtKeys(
                        "route-test-secret-route-test-secret-0000".getBytes(StandardCharsets.UTF_8), Optional.empty()),
                Clock.systemUTC());
        return new ApiRoute(
                        endpoints,
                        new Authenticator(tokens, List.of(), null, null),
                        new AccessControl(endpoints, DenialSink.NONE, DecisionListener.NONE),
                        new RateLimiter(RateLimits.disabled(), System::nanoTime),
                        new ApiMetrics(),
                        Tracing.NOOP,
                        1024)
                .route()
                .handler(KIT.system());
    }

    private static Reply send(Function<HttpRequest, CompletionStage<HttpResponse>> handler, HttpRequest request)
            throws Exception {
        HttpResponse r = handler.apply(request).toCompletableFuture().get(10, TimeUnit.SECONDS);
        String body = r.entity()
                .toStrict(5_000, Materializer.matFromSystem(KIT.system()))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .getData()
                .utf8String();
        return new Reply(r, body);
    }

    private record Reply(HttpResponse response, String body) {
        int status() {
            return response.status().intValue();
        }

        String json(String pointer) {
            return Json.parse(body).at(pointer).asText();
        }
    }

    private final Function<HttpRequest, CompletionStage<HttpResponse>> pipelines = handler(List.of(
            e("GET", "/api/v1/pipelines/{run_id}"),
            e("DELETE", "/api/v1/pipelines/{run_id}"),
            e("GET", "/api/v1/pipelines/{run_id}/artifacts/{name...}"),
            e("WS", "/api/v1/pipelines/{run_id}/stream")));

    @Test
    void parametersAndTheRestOfThePathAreExtractedAndDecoded() throws Exception {
        Reply found = send(pipelines, HttpRequest.GET("/api/v1/pipelines/run-1/artifacts/k8s/deployment.yaml"));
        assertThat(found.status()).as(found.body()).isEqualTo(200);
        assertThat(found.json("/params/run_id")).isEqualTo("run-1");
        assertThat(found.json("/params/name")).isEqualTo("k8s/deployment.yaml");
        Reply encoded = send(pipelines, HttpRequest.GET("/api/v1/pipelines/run-1/artifacts/k8s%2Fservice.yaml"));
        assertThat(encoded.json("/params/name")).isEqualTo("k8s/service.yaml");
    }

    @Test
    void aWebSocketRouteIsAGetAndLiteralSegmentsWin() throws Exception {
        // Listed first, the catch-all template still loses to the one with more literal segments.
        var handler = handler(List.of(
                e("GET", "/api/v1/pipelines/{run_id}/{file...}"), e("WS", "/api/v1/pipelines/{run_id}/stream")));
        Reply stream = send(handler, HttpRequest.GET("/api/v1/pipelines/run-1/stream"));
        assertThat(stream.json("/endpoint")).isEqualTo("/api/v1/pipelines/{run_id}/stream");
        Reply other = send(handler, HttpRequest.GET("/api/v1/pipelines/run-1/other"));
        assertThat(other.json("/endpoint")).isEqualTo("/api/v1/pipelines/{run_id}/{file...}");
    }

    @Test
    void wrongMethodsAndUnknownPathsAreToldApart() throws Exception {
        Reply wrong =
                send(pipelines, HttpRequest.create("/api/v1/pipelines/run-1").withMethod(HttpMethods.POST));
        assertThat(wrong.status()).isEqualTo(405);
        assertThat(wrong.response().getHeader("Allow").map(HttpHeader::value)).hasValue("GET, DELETE");
        assertThat(wrong.json("/type")).endsWith("/method-not-allowed");
        for (String path : List.of(
                "/api/v1/pipelines/run-1/nothing", "/api/v1/pipelines/run-1/artifacts/", "/api/v1/pipelines//")) {
            Reply none = send(pipelines, HttpRequest.GET(path));
            assertThat(none.status()).as(path).isEqualTo(404);
            assertThat(none.json("/detail")).as(path).startsWith("no route GET");
            assertThat(none.response().getHeader("X-Correlation-Id")).as(path).isPresent();
        }
    }

    @Test
    void aTrailingSlashNamesTheSameResource() throws Exception {
        Reply slash = send(pipelines, HttpRequest.GET("/api/v1/pipelines/run-1/"));
        assertThat(slash.status()).isEqualTo(StatusCodes.OK.intValue());
        assertThat(slash.json("/endpoint")).isEqualTo("/api/v1/pipelines/{run_id}");
    }
}
