package svc.core.llm.providers;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * How long to wait before retrying a transient failure: exponential backoff with full jitter
 * (a uniform wait between zero and {@code base * 2^attempt}, capped), so that many agents hit
 * by the same rate limit do not retry in lock step. A vendor's {@code Retry-After} wins: the
 * vendor knows when its window reopens.
 *
 * @param maxRetries retries after the first attempt (0 means try once)
 * @param base the backoff ceiling of the first retry
 * @param cap the largest backoff ceiling, and the longest {@code Retry-After} honoured
 * @param random uniform values in [0, 1); replaceable so tests can pin the jitter
 */
public record RetryPolicy(int maxRetries, Duration base, Duration cap, DoubleSupplier random) {

    public static final int DEFAULT_MAX_RETRIES = 3;

    public RetryPolicy {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("max_retries must not be negative, got " + maxRetries);
        }
    }

    /** The defaults: 0.5 s first ceiling, 60 s at most. */
    public static RetryPolicy standard(int maxRetries) {
        return new RetryPolicy(
                maxRetries,
                Duration.ofMillis(500),
                Duration.ofSeconds(60),
                () -> ThreadLocalRandom.current().nextDouble());
    }

    /** The wait before retry number {@code retry} (0 for the first retry). */
    public Duration delay(int retry, Optional<Duration> retryAfter) {
        if (retryAfter.isPresent()) {
            Duration asked = retryAfter.get();
            return asked.isNegative() ? Duration.ZERO : (asked.compareTo(cap) > 0 ? cap : asked);
        }
        long ceiling = base.toMillis() << Math.min(retry, 20);
        long capped = Math.min(ceiling, cap.toMillis());
        return Duration.ofMillis((long) (random.getAsDouble() * capped));
    }
}
