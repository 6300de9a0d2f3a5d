package svc.http.server;

import java.net.InetAddress;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.apache.pekko.http.javadsl.model.AttributeKey;
import org.apache.pekko.http.javadsl.model.AttributeKeys;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;

/**
 * What the server keeps about one request while answering it, carried as a request attribute
 * from the outermost directive to the inner ones: the correlation id, when it started, and what
 * the inner directives learn for the answer (the matched route template, the rate-limit headers).
 * The two mutable fields are written by the directives of the one matching endpoint before its
 * handler runs and read once, when the answer leaves.
 */
public final class Exchange {

    static final AttributeKey<Exchange> KEY = AttributeKey.create("svc-exchange", Exchange.class);
    static final String UNMATCHED = "unmatched";

    private static final Pattern CORRELATION = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

    final String correlationId;
    final String method;
    final String path;
    final long startedNanos;
    private final HttpRequest request;
    private volatile String route = UNMATCHED;
    private volatile List<HttpHeader> headers = List.of();
    private volatile Audit audit;

    /** What the audit log needs of an admin action once its answer is known. */
    record Audit(String actor, String action, String body) {}

    private Exchange(String correlationId, HttpRequest request, long startedNanos) {
        this.correlationId = correlationId;
        this.request = request;
        this.method = request.method().value();
        this.path = request.getUri().path();
        this.startedNanos = startedNanos;
    }

    /** The request's {@code X-Correlation-Id} when it has a sane one, else a new UUID. */
    static Exchange begin(HttpRequest request, long nowNanos) {
        String id = request.getHeader("X-Correlation-Id")
                .map(HttpHeader::value)
                .filter(v -> CORRELATION.matcher(v).matches())
                .orElseGet(Exchange::newId);
        return new Exchange(id, request, nowNanos);
    }

    /**
     * A random (version 4) UUID from the thread's own generator: a correlation id needs to be
     * unique, not unguessable, and {@link UUID#randomUUID()} draws on one shared secure generator.
     */
    private static String newId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    /** The socket's address ({@code X-Forwarded-For} is not trusted). */
    String clientIp() {
        return clientIp(request);
    }

    /** The socket's address of a request ({@code X-Forwarded-For} is not trusted): what per-IP limits count. */
    public static String clientIp(HttpRequest request) {
        return request.getAttribute(AttributeKeys.remoteAddress)
                .flatMap(a -> a.getAddress().map(InetAddress::getHostAddress))
                .orElse("unknown");
    }

    String route() {
        return route;
    }

    void route(String template) {
        this.route = template;
    }

    Audit audit() {
        return audit;
    }

    void audit(Audit action) {
        this.audit = action;
    }

    List<HttpHeader> headers() {
        return headers;
    }

    void headers(List<HttpHeader> extra) {
        this.headers = List.copyOf(extra);
    }
}
