package svc.http.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import org.apache.pekko.http.javadsl.model.AttributeKeys;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.stream.Materializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.config.logging.Mdc;
import svc.http.auth.AccessControl;
import svc.http.auth.Authenticator;
import svc.http.auth.Caller;
import svc.http.problem.ApiProblem;
import svc.http.problem.Problems;
import svc.http.ratelimit.RateLimiter;
import svc.http.ratelimit.RateLimits;
import svc.http.telemetry.ApiMetrics;

/**
 * What every request goes through, in order: correlation id, routing (404/405), authentication
 * (401), permission engine (403), rate limit (429), the handler; then failures become problem
 * details here and only here, and every answer gets its {@code X-Correlation-Id}, is counted by
 * route template and logged as one JSON line.
 *
 * <p>Rate limits are checked after the role check, so a viewer's write (limit 0) is a 403, not
 * a 429.
 *
 * <p>Routing is done here from the one {@link Endpoint} list rather than with the routing DSL's
 * nested directives: the same list then drives the router, the RBAC rules, the rate-limit
 * classes, the metric labels and {@code /openapi.json}, and a test can prove they agree. The
 * server binds this as its request handler ({@code newServerAt(host, port).bind(handler)}).
 */
public final class RequestPipeline {

    private static final Logger ACCESS = LoggerFactory.getLogger("svc.http.access");
    private static final Pattern CORRELATION = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private static final String UNMATCHED = "unmatched";

    private final Router router;
    private final Authenticator authenticator;
    private final AccessControl access;
    private final RateLimiter limiter;
    private final ApiMetrics metrics;
    private final Materializer materializer;
    private final Executor executor;
    private svc.core.telemetry.Tracing tracing = svc.core.telemetry.Tracing.NOOP;

    private static final java.util.regex.Pattern RUN_IN_PATH =
            java.util.regex.Pattern.compile("/pipelines/(run-[0-9a-f]{16})");

    public RequestPipeline(
            List<Endpoint> endpoints,
            Authenticator authenticator,
            AccessControl access,
            RateLimiter limiter,
            ApiMetrics metrics,
            Materializer materializer,
            Executor executor) {
        this.router = new Router(endpoints);
        this.authenticator = authenticator;
        this.access = access;
        this.limiter = limiter;
        this.metrics = metrics;
        this.materializer = materializer;
        this.executor = executor;
    }

    /** Spans for every request ({@code http.request}). */
    public RequestPipeline tracedBy(svc.core.telemetry.Tracing tracing) {
        this.tracing = tracing;
        return this;
    }

    public CompletionStage<HttpResponse> handle(HttpRequest request) {
        long started = System.nanoTime();
        String correlationId = request.getHeader("X-Correlation-Id")
                .map(HttpHeader::value)
                .filter(v -> CORRELATION.matcher(v).matches())
                .orElseGet(() -> UUID.randomUUID().toString());
        String method = request.method().value();
        String path = request.getUri().path();
        List<HttpHeader> extra = new ArrayList<>();
        String[] template = {UNMATCHED};
        CompletionStage<HttpResponse> answer;
        try (Mdc.Scope scope = Mdc.scope(Mdc.CORRELATION_ID, correlationId)) {
            answer = dispatch(request, method, path, correlationId, extra, template);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        return answer.handleAsync(
                (response, failure) -> {
                    HttpResponse r;
                    try (Mdc.Scope scope = Mdc.scope(Mdc.CORRELATION_ID, correlationId)) {
                        r = failure == null ? response : problem(Problems.of(failure), path, correlationId);
                    }
                    r = r.addHeader(RawHeader.create("X-Correlation-Id", correlationId))
                            .addHeaders(extra);
                    finish(method, path, template[0], r.status().intValue(), started, correlationId);
                    return r;
                },
                executor);
    }

    private CompletionStage<HttpResponse> dispatch(
            HttpRequest request,
            String method,
            String path,
            String correlationId,
            List<HttpHeader> extra,
            String[] template) {
        Router.Result result = router.route(method, path);
        if (result instanceof Router.NoRoute) {
            throw ApiProblem.notFound("no route " + method + " " + path);
        }
        if (result instanceof Router.WrongMethod wrong) {
            throw ApiProblem.methodNotAllowed(
                    method + " is not allowed on " + path + "; allowed: " + String.join(", ", wrong.allowed()),
                    String.join(", ", wrong.allowed()));
        }
        Router.Match match = ((Router.Found) result).match();
        Endpoint endpoint = match.endpoint();
        template[0] = endpoint.template();
        String clientIp = clientIp(request);
        Caller caller = null;
        if (!endpoint.isPublic()) {
            caller = authenticator.authenticate(request, endpoint.isWebSocket());
            access.check(caller, endpoint);
        }
        if (limiter.enabled()
                && path.startsWith("/api/v1/")
                && !endpoint.endpointClass().startsWith("system.")) {
            RateLimits.Bucket bucket = bucket(endpoint);
            String identity = caller == null
                    ? "ip:" + clientIp
                    : caller.apiKeyHash() != null ? "key:" + caller.apiKeyHash() : "sub:" + caller.subject();
            if (bucket == RateLimits.Bucket.AUTH) {
                identity = "ip:" + clientIp;
            }
            RateLimiter.Outcome outcome = limiter.acquire(
                    identity, bucket, bucket == RateLimits.Bucket.AUTH ? null : caller == null ? null : caller.role());
            extra.add(RawHeader.create("X-RateLimit-Limit", Integer.toString(outcome.limit())));
            extra.add(RawHeader.create("X-RateLimit-Remaining", Integer.toString(outcome.remaining())));
            extra.add(RawHeader.create("X-RateLimit-Reset", Long.toString(outcome.resetSeconds())));
            if (outcome.role() != null) {
                extra.add(RawHeader.create("X-RateLimit-Role", outcome.role().wireName()));
            }
            if (!outcome.allowed()) {
                throw ApiProblem.tooManyRequests(
                        "rate limit of " + outcome.limit() + " " + bucket.wireName() + " requests reached; retry in "
                                + outcome.resetSeconds() + " s",
                        outcome.resetSeconds());
            }
        }
        return endpoint.handler()
                .handle(new Call(request, match.params(), caller, correlationId, clientIp, materializer, executor));
    }

    /** The endpoint class a limit counts against: login and refresh per IP, starting runs per hour. */
    static RateLimits.Bucket bucket(Endpoint e) {
        if (e.template().startsWith("/api/v1/auth/")) {
            return RateLimits.Bucket.AUTH;
        }
        if (e.endpointClass().equals("pipelines.create")) {
            return RateLimits.Bucket.PIPELINE_CREATE;
        }
        return e.httpMethod().equals("GET") ? RateLimits.Bucket.READ : RateLimits.Bucket.WRITE;
    }

    private static String clientIp(HttpRequest request) {
        return request.getAttribute(AttributeKeys.remoteAddress)
                .flatMap(a -> a.getAddress().map(java.net.InetAddress::getHostAddress))
                .orElse("unknown");
    }

    private static HttpResponse problem(ApiProblem p, String path, String correlationId) {
        HttpResponse r = HttpResponse.create()
                .withStatus(StatusCodes.get(p.status()))
                .withEntity(
                        Responses.PROBLEM_JSON,
                        Json.write(Problems.body(p, path, correlationId))
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (Map.Entry<String, String> h : p.headers().entrySet()) {
            r = r.addHeader(RawHeader.create(h.getKey(), h.getValue()));
        }
        return r;
    }

    private void finish(String method, String path, String template, int status, long started, String correlationId) {
        double seconds = (System.nanoTime() - started) / 1e9;
        metrics.request(method, template, status, seconds);
        java.time.Instant end = java.time.Instant.now();
        java.util.regex.Matcher run = RUN_IN_PATH.matcher(path);
        tracing.record(
                "http.request",
                run.find() ? run.group(1) : null,
                end.minusNanos(Math.round(seconds * 1e9)),
                end,
                Map.of("method", method, "route", template, "status", status, "correlation_id", correlationId),
                status >= 500);
        try (Mdc.Scope scope = Mdc.scope(Mdc.CORRELATION_ID, correlationId)
                .and("method", method)
                .and("path", path)
                .and("route", template)
                .and("status", Integer.toString(status))
                .and("duration_ms", Long.toString(Math.round(seconds * 1000)))) {
            ACCESS.info("http request {} {} -> {}", method, path, status);
        }
    }
}
