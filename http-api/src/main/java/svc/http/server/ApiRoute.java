package svc.http.server;

import static org.apache.pekko.http.javadsl.server.Directives.attribute;
import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.extractMaterializer;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequest;
import static org.apache.pekko.http.javadsl.server.Directives.extractStrictEntity;
import static org.apache.pekko.http.javadsl.server.Directives.handleExceptions;
import static org.apache.pekko.http.javadsl.server.Directives.handleRejections;
import static org.apache.pekko.http.javadsl.server.Directives.mapRequest;
import static org.apache.pekko.http.javadsl.server.Directives.mapResponse;
import static org.apache.pekko.http.javadsl.server.Directives.method;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.pathEndOrSingleSlash;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;
import static org.apache.pekko.http.javadsl.server.Directives.reject;
import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpMethods;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.javadsl.server.ExceptionHandler;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Rejection;
import org.apache.pekko.http.javadsl.server.RejectionHandler;
import org.apache.pekko.http.javadsl.server.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.logging.Mdc;
import svc.core.telemetry.Tracing;
import svc.http.audit.AuditLog;
import svc.http.auth.AccessControl;
import svc.http.auth.Authenticator;
import svc.http.auth.Caller;
import svc.http.problem.ApiProblem;
import svc.http.problem.ProblemDetails;
import svc.http.problem.Problems;
import svc.http.ratelimit.RateLimiter;
import svc.http.ratelimit.RateLimits;
import svc.http.telemetry.ApiMetrics;

/**
 * Builds the endpoint list into one pekko-http {@link Route}. Outside in:
 *
 * <ol>
 *   <li>{@link #correlated}: the request's correlation id (its {@code X-Correlation-Id} when
 *       sane, else a new UUID), carried to the inner directives as a request attribute;
 *   <li>{@link #observed}: on the way out, the {@code X-Correlation-Id} and rate-limit headers,
 *       the request metrics by route template, the {@code http.request} span and one access-log
 *       line;
 *   <li>{@code handleExceptions} / {@code handleRejections}: every failure and every rejection
 *       becomes problem details through {@link Problems}, and nowhere else;
 *   <li>the routing tree: the templates' path segments as a tree walked once per request (a
 *       literal segment before a parameter, so {@code /pipelines/{run_id}/stream} is never taken
 *       for an artefact name), the methods served where the path ends inside it (a path served
 *       with other methods is a 405 naming them);
 *   <li>per endpoint: {@link #authenticated} (401), {@link #permitted} through the permission
 *       engine (403, recorded in the denial log), {@link #limited} (429 with {@code Retry-After};
 *       after the role check, so a viewer's write is a 403, not a 429), then the endpoint's own
 *       route.
 * </ol>
 *
 * <p>The routing tree is built once; per request only the small closures of the directives are.
 */
public final class ApiRoute {

    private static final Logger ACCESS = LoggerFactory.getLogger("svc.http.access");
    private static final Duration STRICT_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern RUN_IN_PATH = Pattern.compile("/pipelines/(run-[0-9a-f]{16})");

    private final Authenticator authenticator;
    private final AccessControl access;
    private final RateLimiter limiter;
    private final ApiMetrics metrics;
    private final Tracing tracing;
    private final long maxBodyBytes;
    private final AuditLog audit;
    private final Route endpoints;
    private final ExceptionHandler failures;
    private final RejectionHandler rejections;
    private final Function<HttpRequest, Route> unmatched;

    public ApiRoute(
            List<Endpoint> endpoints,
            Authenticator authenticator,
            AccessControl access,
            RateLimiter limiter,
            ApiMetrics metrics,
            Tracing tracing,
            long maxBodyBytes) {
        this(endpoints, authenticator, access, limiter, metrics, tracing, maxBodyBytes, AuditLog.NONE, request -> null);
    }

    /**
     * The same, with {@code unmatched} asked for the answer to a request no endpoint matches (the
     * dashboard's page for a browser navigation); when it gives null, the 404 problem.
     */
    public ApiRoute(
            List<Endpoint> endpoints,
            Authenticator authenticator,
            AccessControl access,
            RateLimiter limiter,
            ApiMetrics metrics,
            Tracing tracing,
            long maxBodyBytes,
            Function<HttpRequest, Route> unmatched) {
        this(endpoints, authenticator, access, limiter, metrics, tracing, maxBodyBytes, AuditLog.NONE, unmatched);
    }

    /** The same, also recording admin actions in {@code audit} ({@link AuditLog#audited}). */
    public ApiRoute(
            List<Endpoint> endpoints,
            Authenticator authenticator,
            AccessControl access,
            RateLimiter limiter,
            ApiMetrics metrics,
            Tracing tracing,
            long maxBodyBytes,
            AuditLog audit,
            Function<HttpRequest, Route> unmatched) {
        this.audit = audit;
        this.unmatched = unmatched;
        this.authenticator = authenticator;
        this.access = access;
        this.limiter = limiter;
        this.metrics = metrics;
        this.tracing = tracing;
        this.maxBodyBytes = maxBodyBytes;
        this.endpoints = tree(endpoints);
        this.failures = ExceptionHandler.newBuilder()
                .matchAny(failure -> attribute(Exchange.KEY, ex -> problem(ex, failed(ex, failure))))
                .build();
        this.rejections = RejectionHandler.newBuilder()
                .handleAll(
                        Rejection.class,
                        list -> attribute(Exchange.KEY, ex -> problem(ex, Problems.of(list, ex.method, ex.path))))
                .handleNotFound(extractRequest(request -> {
                    Route page = this.unmatched.apply(request);
                    return page != null
                            ? page
                            : attribute(Exchange.KEY, ex -> problem(ex, Problems.of(List.of(), ex.method, ex.path)));
                }))
                .build();
    }

    /** The whole API as one route, for {@code newServerAt(host, port).bind(route)}. */
    public Route route() {
        return correlated(ex ->
                observed(ex, () -> handleExceptions(failures, () -> handleRejections(rejections, () -> endpoints))));
    }

    // ---- the directives ---------------------------------------------------------------------

    /** Starts the exchange of a request and makes it visible to the inner directives. */
    private static Route correlated(Function<Exchange, Route> inner) {
        return extractRequest(request -> {
            Exchange ex = Exchange.begin(request, System.nanoTime());
            return mapRequest(r -> r.addAttribute(Exchange.KEY, ex), () -> inner.apply(ex));
        });
    }

    /** Headers, metrics, span and access log of the answer, whatever produced it. */
    private Route observed(Exchange ex, Supplier<Route> inner) {
        return mapResponse(response -> finish(ex, response), inner);
    }

    /** The caller (401 when credentials are missing or wrong); public routes get null. */
    private Route authenticated(Endpoint e, HttpRequest request, Function<Caller, Route> inner) {
        if (e.isPublic()) {
            return inner.apply(null);
        }
        return onSuccess(authenticator.authenticate(request, e.isWebSocket()), inner::apply);
    }

    /** The permission engine's verdict on the caller's role (403 naming the rule source). */
    private Route permitted(Endpoint e, Caller caller, Supplier<Route> inner) {
        if (caller != null) {
            access.check(caller, e);
        }
        return inner.get();
    }

    /** Counts the request against the caller's window; 429 with {@code Retry-After} past it. */
    private Route limited(Exchange ex, Endpoint e, Caller caller, Supplier<Route> inner) {
        if (!limiter.enabled()
                || !e.template().startsWith("/api/v1/")
                || e.endpointClass().startsWith("system.")) {
            return inner.get();
        }
        RateLimits.Bucket bucket = bucket(e);
        String identity;
        if (caller == null || bucket == RateLimits.Bucket.AUTH) {
            identity = "ip:" + ex.clientIp();
        } else {
            identity = caller.apiKeyHash() != null ? "key:" + caller.apiKeyHash() : "sub:" + caller.subject();
        }
        RateLimiter.Outcome outcome = limiter.acquire(
                identity, bucket, bucket == RateLimits.Bucket.AUTH || caller == null ? null : caller.role());
        List<HttpHeader> headers = new ArrayList<>(4);
        headers.add(RawHeader.create("X-RateLimit-Limit", Integer.toString(outcome.limit())));
        headers.add(RawHeader.create("X-RateLimit-Remaining", Integer.toString(outcome.remaining())));
        headers.add(RawHeader.create("X-RateLimit-Reset", Long.toString(outcome.resetSeconds())));
        if (outcome.role() != null) {
            headers.add(RawHeader.create("X-RateLimit-Role", outcome.role().wireName()));
        }
        ex.headers(headers);
        if (!outcome.allowed()) {
            throw ApiProblem.tooManyRequests(
                    "rate limit of " + outcome.limit() + " " + bucket.wireName() + " requests reached; retry in "
                            + outcome.resetSeconds() + " s",
                    outcome.resetSeconds());
        }
        return inner.get();
    }

    /**
     * The endpoint class a limit counts against: sign-in and refresh (the POSTs under
     * {@code /api/v1/auth/}) per IP, starting runs per hour. Reading who one is
     * ({@code /auth/me}, {@code /auth/providers}) is an ordinary read.
     */
    static RateLimits.Bucket bucket(Endpoint e) {
        if (e.template().startsWith("/api/v1/auth/") && e.httpMethod().equals("POST")) {
            return RateLimits.Bucket.AUTH;
        }
        if (e.endpointClass().equals("pipelines.create")) {
            return RateLimits.Bucket.PIPELINE_CREATE;
        }
        if (e.endpointClass().startsWith("batch.") && e.httpMethod().equals("POST")) {
            return RateLimits.Bucket.BATCH;
        }
        return e.httpMethod().equals("GET") ? RateLimits.Bucket.READ : RateLimits.Bucket.WRITE;
    }

    // ---- the routing tree -------------------------------------------------------------------

    /**
     * The templates as a tree of path segments, so a request walks its path once instead of
     * trying every template in turn: at each segment a literal child is looked up by name, then
     * a parameter child is tried, then a rest-of-path one. Where the path ends, the methods
     * served there.
     */
    private static final class Node {
        final Map<String, Node> literals = new HashMap<>();
        final List<Endpoint> served = new ArrayList<>();
        final List<Endpoint> rest = new ArrayList<>();
        Node param;
        String paramName;
        String restName;

        void add(Endpoint e) {
            Node at = this;
            for (String segment : segments(e.template())) {
                if (segment.startsWith("{") && segment.endsWith("...}")) {
                    at.restName = segment.substring(1, segment.length() - 4);
                    at.rest.add(e);
                    return;
                }
                if (segment.startsWith("{")) {
                    String name = segment.substring(1, segment.length() - 1);
                    if (at.param == null) {
                        at.param = new Node();
                        at.paramName = name;
                    } else if (!at.paramName.equals(name)) {
                        throw new IllegalArgumentException(e.template() + ": the parameter here is {" + at.paramName
                                + "} in another template; one name per position");
                    }
                    at = at.param;
                } else {
                    at = at.literals.computeIfAbsent(segment, k -> new Node());
                }
            }
            at.served.add(e);
        }
    }

    private Route tree(List<Endpoint> list) {
        Node root = new Node();
        list.forEach(root::add);
        return walk(root, Map.of());
    }

    /** The route of one node of the tree, with the path parameters met on the way. */
    private Route walk(Node node, Map<String, String> params) {
        List<Route> ways = new ArrayList<>(4);
        if (!node.served.isEmpty()) {
            ways.add(pathEndOrSingleSlash(() -> methods(node.served, params)));
        }
        if (!node.literals.isEmpty()) {
            ways.add(pathPrefix(PathMatchers.segment(), segment -> {
                Node child = node.literals.get(segment);
                return child == null ? reject() : walk(child, params);
            }));
        }
        if (node.param != null) {
            ways.add(
                    pathPrefix(PathMatchers.segment(), value -> walk(node.param, with(params, node.paramName, value))));
        }
        if (!node.rest.isEmpty()) {
            ways.add(pathPrefix(
                    PathMatchers.segments(),
                    values -> values.isEmpty()
                            ? reject()
                            : pathEndOrSingleSlash(
                                    () -> methods(node.rest, with(params, node.restName, String.join("/", values))))));
        }
        return alternatives(ways);
    }

    /** The methods served on one path; any other method is a {@code MethodRejection} (405). */
    private Route methods(List<Endpoint> served, Map<String, String> params) {
        return alternatives(served.stream()
                .map(e -> method(HttpMethods.lookup(e.httpMethod()).orElseThrow(), () -> endpoint(e, params)))
                .toList());
    }

    private static Route alternatives(List<Route> routes) {
        return routes.size() == 1
                ? routes.get(0)
                : concat(routes.get(0), routes.subList(1, routes.size()).toArray(Route[]::new));
    }

    /** The directives of one matched endpoint, then its own route. */
    private Route endpoint(Endpoint e, Map<String, String> params) {
        return attribute(Exchange.KEY, ex -> {
            ex.route(e.template());
            return extractRequest(request -> authenticated(
                    e,
                    request,
                    caller -> permitted(
                            e,
                            caller,
                            () -> limited(
                                    ex,
                                    e,
                                    caller,
                                    () -> bounded(
                                            e,
                                            request,
                                            () -> audited(
                                                    ex,
                                                    e,
                                                    caller,
                                                    () -> e.handler().route(new Call(params, caller))))))));
        });
    }

    /**
     * Notes an admin action ({@link AuditLog#audited}) on the exchange, with its JSON body made
     * strict so the audit log can keep it (redacted) after the handler read it; {@link #finish}
     * records it once the answer is a success.
     */
    private Route audited(Exchange ex, Endpoint e, Caller caller, Supplier<Route> inner) {
        if (caller == null || !AuditLog.audited(e.httpMethod(), e.minRole(), e.endpointClass())) {
            return inner.get();
        }
        if (e.doc().requestSchema() == null || e.doc().isUpload()) {
            ex.audit(new Exchange.Audit(caller.subject(), e.endpointClass(), null));
            return inner.get();
        }
        return extractStrictEntity(STRICT_TIMEOUT, maxBodyBytes, strict -> {
            ex.audit(new Exchange.Audit(
                    caller.subject(), e.endpointClass(), strict.getData().utf8String()));
            return inner.get();
        });
    }

    /**
     * Endpoints that read a body take at most {@code svc.http.max-body} of it: a longer declared
     * length is a 413 at once; a chunked body is cut off at the limit (a 413 too). Uploads stream
     * their body and apply their own limit.
     */
    private Route bounded(Endpoint e, HttpRequest request, Supplier<Route> inner) {
        if (e.doc().isUpload()) {
            return inner.get();
        }
        if (e.doc().requestSchema() == null) {
            return bodyDropped(request, inner);
        }
        OptionalLong length = request.entity().getContentLengthOption();
        if (length.isPresent() && length.getAsLong() > maxBodyBytes) {
            throw ApiProblem.payloadTooLarge(
                    "the body has " + length.getAsLong() + " bytes; a request may carry " + maxBodyBytes);
        }
        return withSizeLimit(maxBodyBytes, inner);
    }

    /**
     * This endpoint reads no body; one sent anyway is read and dropped before the answer. Answered
     * while the body was still arriving, pekko-http would close the connection with the body unread,
     * and the kernel's reset can then cut the answer short at the client (a 150 KB
     * {@code /openapi.json} lost its tail that way to a client that sent {@code {}} with a GET).
     */
    private static Route bodyDropped(HttpRequest request, Supplier<Route> inner) {
        if (request.entity().isKnownEmpty() || request.entity().isStrict()) {
            return inner.get();
        }
        return extractMaterializer(materializer ->
                onSuccess(request.discardEntityBytes(materializer).completionStage(), done -> inner.get()));
    }

    private static Map<String, String> with(Map<String, String> params, String name, String value) {
        Map<String, String> more = new HashMap<>(params);
        more.put(name, value);
        return more;
    }

    private static String[] segments(String template) {
        String trimmed = template.startsWith("/") ? template.substring(1) : template;
        return trimmed.isEmpty() ? new String[0] : trimmed.split("/");
    }

    // ---- problems and the way out -----------------------------------------------------------

    /** The problem of a failure, logged (when unforeseen) with the request's correlation id. */
    private static ApiProblem failed(Exchange ex, Throwable failure) {
        try (Mdc.Scope scope = Mdc.scope(Mdc.CORRELATION_ID, ex.correlationId)) {
            return Problems.of(failure);
        }
    }

    private static Route problem(Exchange ex, ApiProblem p) {
        List<HttpHeader> headers = new ArrayList<>(p.headers().size());
        p.headers().forEach((name, value) -> headers.add(RawHeader.create(name, value)));
        return complete(
                StatusCodes.get(p.status()),
                headers,
                ProblemDetails.of(p, ex.path, ex.correlationId),
                JsonSupport.problem());
    }

    private HttpResponse finish(Exchange ex, HttpResponse response) {
        HttpResponse r =
                SecurityHeaders.add(response.addHeader(RawHeader.create("X-Correlation-Id", ex.correlationId)));
        if (!ex.headers().isEmpty()) {
            r = r.addHeaders(ex.headers());
        }
        int status = r.status().intValue();
        Exchange.Audit action = ex.audit();
        if (action != null && status >= 200 && status < 300) {
            audit.record(action.actor(), action.action(), ex.method, ex.path, status, action.body(), ex.correlationId);
        }
        long nanos = System.nanoTime() - ex.startedNanos;
        String route = ex.route();
        metrics.request(ex.method, route, status, nanos / 1e9);
        if (tracing != Tracing.NOOP) {
            Instant end = Instant.now();
            Matcher run = RUN_IN_PATH.matcher(ex.path);
            tracing.record(
                    "http.request",
                    run.find() ? run.group(1) : null,
                    end.minusNanos(nanos),
                    end,
                    Map.of("method", ex.method, "route", route, "status", status, "correlation_id", ex.correlationId),
                    status >= 500);
        }
        if (ACCESS.isInfoEnabled()) {
            try (Mdc.Scope scope = Mdc.scope(Mdc.CORRELATION_ID, ex.correlationId)
                    .and("method", ex.method)
                    .and("path", ex.path)
                    .and("route", route)
                    .and("status", Integer.toString(status))
                    .and("duration_ms", Long.toString(Math.round(nanos / 1e6)))) {
                // The line's facts are its MDC fields; a constant message keeps the G6 secret scan
                // of every logging call (a turbo filter, on this thread) short.
                ACCESS.info("http request");
            }
        }
        return r;
    }
}
