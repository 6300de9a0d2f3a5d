package svc.core.llm.providers;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The machinery a client test needs: a callback executor and a retry scheduler that records
 * every wait it is asked for and when it was asked (and then really waits), so tests assert the
 * waits asked for rather than clock readings.
 */
final class TestWiring implements AutoCloseable {

    final ExecutorService callbacks = Executors.newFixedThreadPool(2);
    final RecordingScheduler scheduler = new RecordingScheduler();

    static final class RecordingScheduler extends ScheduledThreadPoolExecutor {
        final List<Duration> waits = new CopyOnWriteArrayList<>();
        /** The wall-clock moment each wait was asked for, beside {@link #waits}. */
        final List<Instant> askedAt = new CopyOnWriteArrayList<>();

        RecordingScheduler() {
            super(1);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            askedAt.add(Instant.now());
            waits.add(Duration.ofNanos(unit.toNanos(delay)));
            return super.schedule(command, delay, unit);
        }
    }

    /** Retries with a fixed half-way jitter and a 20 ms first ceiling: small, known waits. */
    VendorHttp http(String vendor, int maxRetries, Duration timeout, Optional<ApiKey> key) {
        RetryPolicy retries = new RetryPolicy(maxRetries, Duration.ofMillis(20), Duration.ofSeconds(5), () -> 0.5);
        return new VendorHttp(
                vendor, VendorHttp.defaultClient(), retries, timeout, scheduler, callbacks, Clock.systemUTC(), key);
    }

    static ApiKey key(String variable, String value) {
        return ApiKey.required(variable, "test", Map.of(variable, value)::get);
    }

    LlmProviders.Wiring wiring(Map<String, String> env) {
        return new LlmProviders.Wiring(VendorHttp.defaultClient(), scheduler, Clock.systemUTC(), env::get, callbacks);
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        callbacks.shutdownNow();
    }
}
