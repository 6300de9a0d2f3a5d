package svc.core.llm.providers;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import svc.config.Json;
import svc.core.Texts;
import svc.core.llm.LlmException;

/**
 * POSTs one JSON body to a vendor and brings back the response body, never blocking: the JDK
 * client's {@code sendAsync}, callbacks on the given executor, and waits between retries on a
 * scheduler. Transient failures (429, 500, 502, 503, 504, 529, timeouts, refused or reset
 * connections) are retried by the {@link RetryPolicy}; anything else fails at once with an
 * {@link LlmException} that names the vendor, the status, the vendor's error type and message.
 * The key is scrubbed from every message this class writes.
 */
public final class VendorHttp {

    /** Statuses worth retrying: rate limits, server faults and the first-party vendor's 529 overload. */
    static final Set<Integer> TRANSIENT_STATUSES = Set.of(429, 500, 502, 503, 504, 529);

    private static final int MAX_DETAIL_CHARS = 300;

    private final String vendor;
    private final HttpClient client;
    private final RetryPolicy retries;
    private final Duration timeout;
    private final ScheduledExecutorService scheduler;
    private final Executor callbacks;
    private final Clock clock;
    private final Optional<ApiKey> key;

    /**
     * @param vendor the provider kind, for messages
     * @param timeout per attempt, from connect to the last byte
     * @param scheduler runs the waits between retries (it only starts the next attempt)
     * @param callbacks runs every continuation of the client's futures
     * @param key scrubbed from messages; empty for vendors without keys
     */
    public VendorHttp(
            String vendor,
            HttpClient client,
            RetryPolicy retries,
            Duration timeout,
            ScheduledExecutorService scheduler,
            Executor callbacks,
            Clock clock,
            Optional<ApiKey> key) {
        this.vendor = vendor;
        this.client = client;
        this.retries = retries;
        this.timeout = timeout;
        this.scheduler = scheduler;
        this.callbacks = callbacks;
        this.clock = clock;
        this.key = key;
    }

    /** A client for vendor calls: HTTP/1.1 (what local servers speak), 10 s to connect. */
    public static HttpClient defaultClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public CompletionStage<String> postJson(URI uri, Map<String, String> headers, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("content-type", "application/json")
                .header("accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        CompletableFuture<String> result = new CompletableFuture<>();
        attempt(request.build(), 0, result);
        return result;
    }

    private void attempt(HttpRequest request, int attempt, CompletableFuture<String> result) {
        client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .whenCompleteAsync(
                        (response, failure) -> {
                            try {
                                settle(request, attempt, result, response, failure);
                            } catch (RuntimeException e) {
                                // A rejected retry (scheduler stopped) or a bug must not leave the caller waiting.
                                result.completeExceptionally(
                                        new LlmException(redact(vendor + ": " + describe(e)), false));
                            }
                        },
                        callbacks);
    }

    private void settle(
            HttpRequest request,
            int attempt,
            CompletableFuture<String> result,
            HttpResponse<String> response,
            Throwable failure) {
        String problem;
        Optional<Duration> retryAfter = Optional.empty();
        boolean isTransient;
        if (failure != null) {
            Throwable cause =
                    failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            isTransient = cause instanceof IOException;
            problem = cause instanceof HttpTimeoutException ? "no answer within " + human(timeout) : describe(cause);
        } else if (response.statusCode() / 100 == 2) {
            result.complete(response.body());
            return;
        } else {
            isTransient = TRANSIENT_STATUSES.contains(response.statusCode());
            retryAfter = RetryAfter.from(response.headers(), clock);
            problem = "HTTP " + response.statusCode() + " " + errorDetail(response.body());
        }
        if (isTransient && attempt < retries.maxRetries()) {
            Duration wait = retries.delay(attempt, retryAfter);
            scheduler.schedule(() -> attempt(request, attempt + 1, result), wait.toMillis(), TimeUnit.MILLISECONDS);
            return;
        }
        String tries = attempt == 0 ? "" : " (gave up after " + (attempt + 1) + " attempts)";
        result.completeExceptionally(new LlmException(redact(vendor + ": " + problem + tries), isTransient));
    }

    private static String human(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static String describe(Throwable cause) {
        String what = cause.getClass().getSimpleName();
        return cause.getMessage() == null ? what : what + ": " + cause.getMessage();
    }

    /**
     * The vendor's error type and message. The hosted vendors write {@code {"error": {"type",
     * "message"}}} (the first-party one wrapped in {@code {"type": "error"}}); Ollama writes
     * {@code {"error": "message"}}; anything else is quoted, shortened.
     */
    static String errorDetail(String body) {
        if (body == null || body.isBlank()) {
            return "(empty body)";
        }
        try {
            JsonNode error = Json.parse(body).path("error");
            if (error.isTextual()) {
                return error.asText();
            }
            if (error.isObject()) {
                String type = error.path("type").asText(error.path("code").asText(""));
                String message = error.path("message").asText("");
                return type.isEmpty() ? message : type + ": " + message;
            }
        } catch (IllegalArgumentException notJson) {
            // quoted below
        }
        String flat = body.strip().replaceAll("\\s+", " ");
        return flat.length() > MAX_DETAIL_CHARS ? Texts.prefix(flat, MAX_DETAIL_CHARS) + "…" : flat;
    }

    private String redact(String text) {
        return key.map(k -> k.redact(text)).orElse(text);
    }

    /**
     * Whether anything answers at {@code uri}: any HTTP status counts as reachable (a 401 or 404
     * still proves the server is there); no key is sent.
     */
    public CompletionStage<Optional<String>> probe(URI uri, Duration probeTimeout) {
        HttpRequest request =
                HttpRequest.newBuilder(uri).timeout(probeTimeout).GET().build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                .handleAsync(
                        (response, failure) -> {
                            if (failure == null) {
                                return Optional.<String>empty();
                            }
                            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                    ? failure.getCause()
                                    : failure;
                            return Optional.of(redact(describe(cause)));
                        },
                        callbacks);
    }
}
