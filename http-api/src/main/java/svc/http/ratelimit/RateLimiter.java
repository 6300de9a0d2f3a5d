package svc.http.ratelimit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import svc.governance.permission.Role;

/**
 * Fixed-window counters keyed by (caller identity, bucket). The identity is chosen by the caller
 * of {@link #acquire}: API-key hash, token subject or client IP, in that order of precedence.
 * Time is a monotonic nanosecond clock, so a wall-clock jump neither resets nor extends a window.
 */
public final class RateLimiter {

    /** The answer for one request, with what the {@code X-RateLimit-*} headers say. */
    public record Outcome(boolean allowed, int limit, int remaining, long resetSeconds, Role role) {}

    private static final int SWEEP_AT = 10_000;

    private final RateLimits limits;
    private final LongSupplier nanoClock;
    private final IntSupplier nodes;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    /** A limiter for a server that is alone. */
    public RateLimiter(RateLimits limits, LongSupplier nanoClock) {
        this(limits, nanoClock, () -> 1);
    }

    /**
     * A limiter that allows this node its share of each limit: the limit divided by the nodes up
     * now ({@code nodes}), rounded down, at least 1. The counters stay local (no round trip per
     * request); the shares add up to at most the limit, so the limit holds across nodes however a
     * load balancer spreads the requests, and a caller whose requests all reach one node gets that
     * node's share. When a node joins or leaves, the shares change at the next request.
     */
    public RateLimiter(RateLimits limits, LongSupplier nanoClock, IntSupplier nodes) {
        this.limits = limits;
        this.nanoClock = nanoClock;
        this.nodes = nodes;
    }

    /** This node's share of {@code requests}. */
    static int share(int requests, int nodes) {
        return Math.max(1, requests / Math.max(1, nodes));
    }

    public boolean enabled() {
        return limits.enabled();
    }

    public Outcome acquire(String identity, RateLimits.Bucket bucket, Role role) {
        RateLimits.Limit whole = limits.limitFor(bucket, role);
        RateLimits.Limit limit = new RateLimits.Limit(share(whole.requests(), nodes.getAsInt()), whole.window());
        long now = nanoClock.getAsLong();
        long windowNanos = limit.window().toNanos();
        if (windows.size() > SWEEP_AT) {
            windows.values().removeIf(w -> w.expired(now));
        }
        Window w = windows.computeIfAbsent(identity + "|" + bucket.wireName(), k -> new Window());
        synchronized (w) {
            if (w.start == Long.MIN_VALUE || now - w.start >= windowNanos) {
                w.start = now;
                w.count = 0;
                w.length = windowNanos;
            }
            long reset = Math.max(1, (w.start + windowNanos - now + 999_999_999L) / 1_000_000_000L);
            if (w.count >= limit.requests()) {
                return new Outcome(false, limit.requests(), 0, reset, role);
            }
            w.count++;
            return new Outcome(true, limit.requests(), limit.requests() - w.count, reset, role);
        }
    }

    private static final class Window {
        long start = Long.MIN_VALUE;
        long length;
        int count;

        synchronized boolean expired(long now) {
            return start != Long.MIN_VALUE && now - start >= length;
        }
    }
}
