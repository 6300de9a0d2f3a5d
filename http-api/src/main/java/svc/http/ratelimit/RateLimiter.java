package svc.http.ratelimit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    public RateLimiter(RateLimits limits, LongSupplier nanoClock) {
        this.limits = limits;
        this.nanoClock = nanoClock;
    }

    public boolean enabled() {
        return limits.enabled();
    }

    public Outcome acquire(String identity, RateLimits.Bucket bucket, Role role) {
        RateLimits.Limit limit = limits.limitFor(bucket, role);
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
