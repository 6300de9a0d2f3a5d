package svc.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.Json;

/**
 * The svc API over the JDK's HttpClient: JSON in, JSON out, the bearer token on every request,
 * and every way a call can fail turned into a {@link CliException} a user can act on: an error
 * answer is an {@link ApiError}; a server that cannot be reached is one line naming the address
 * and exits with {@link ExitCodes#UNREACHABLE}.
 */
public final class ApiClient {

    /** The time to wait for a connection and then for an answer. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /** The time an upload may take, from its first byte to the answer. */
    private static final Duration UPLOAD_TIMEOUT = Duration.ofMinutes(30);

    /** An answer, error or not, for the callers that read error bodies themselves ({@code /livez}). */
    public record Reply(int status, String body) {
        public JsonNode json() {
            return Json.parse(body);
        }
    }

    private final URI base;
    private final Optional<String> token;
    private final HttpClient http;

    /**
     * @param base the server, such as {@code http://localhost:8000}
     * @param token the bearer token to send, if logged in to this server
     */
    public ApiClient(URI base, Optional<String> token) {
        this.base = base;
        this.token = token;
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
    }

    public URI base() {
        return base;
    }

    public boolean hasToken() {
        return token.isPresent();
    }

    public JsonNode get(String path) {
        return json(send(request(path).GET()));
    }

    public JsonNode post(String path, JsonNode body) {
        return json(send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)))));
    }

    /**
     * Sends a file as the raw body of a POST, streamed from disk (never read whole), and reads the
     * JSON answer. An upload may take longer than other requests: it has {@link #UPLOAD_TIMEOUT}.
     */
    public JsonNode upload(String path, Path file, String contentType) {
        HttpRequest.BodyPublisher body;
        try {
            body = HttpRequest.BodyPublishers.ofFile(file);
        } catch (FileNotFoundException e) {
            throw new CliException(ExitCodes.USAGE, "no file " + file);
        }
        return json(send(request(path)
                .timeout(UPLOAD_TIMEOUT)
                .header("Content-Type", contentType)
                .POST(body)));
    }

    public JsonNode patch(String path, JsonNode body) {
        return json(send(request(path)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(Json.write(body)))));
    }

    public JsonNode delete(String path) {
        return json(send(request(path).DELETE()));
    }

    /** A GET whose error answers are returned, not thrown; only an unreachable server throws. */
    public Reply getReply(String path) {
        HttpResponse<String> response = send(request(path).GET());
        return new Reply(response.statusCode(), response.body());
    }

    /**
     * Opens a WebSocket on {@code path} (the token goes in {@code ?token=}, as browsers must send
     * it) and hands each JSON text message to {@code onMessage}, in order and one at a time.
     * The stage completes with the close status code when the server closes the socket.
     */
    public CompletionStage<Integer> stream(String path, Consumer<JsonNode> onMessage) {
        String scheme = base.getScheme().equals("https") ? "wss" : "ws";
        String query = token.map(t -> (path.contains("?") ? "&" : "?") + "token=" + encode(t))
                .orElse("");
        URI uri = URI.create(scheme + "://" + base.getRawAuthority() + basePath() + path + query);
        return WebSocketStream.open(uri.toString(), onMessage).exceptionally(failure -> {
            throw new CompletionException(streamFailure(unwrap(failure)));
        });
    }

    /** Waits for a stage of this client, turning its failure into the {@link CliException} it means. */
    public <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.FAILURE, "interrupted");
        } catch (ExecutionException e) {
            Throwable cause = unwrap(e);
            if (cause instanceof CliException cli) {
                throw cli;
            }
            throw unreachable(cause);
        }
    }

    /** {@code /api/v1/pipelines} with the query parameters that are not null, encoded. */
    public static String path(String path, Map<String, ?> query) {
        String q = new LinkedHashMap<>(query)
                .entrySet().stream()
                        .filter(e -> e.getValue() != null)
                        .map(e -> encode(e.getKey()) + "=" + encode(String.valueOf(e.getValue())))
                        .collect(Collectors.joining("&"));
        return q.isEmpty() ? path : path + "?" + q;
    }

    /** One path segment (a run id, a gate id, a flag name), encoded so that it stays one segment. */
    public static String segment(String value) {
        return encode(value).replace("+", "%20");
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(REQUEST_TIMEOUT)
                .header("Accept", "application/json");
        token.ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    private HttpResponse<String> send(HttpRequest.Builder builder) {
        try {
            return http.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.FAILURE, "interrupted");
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    private JsonNode json(HttpResponse<String> response) {
        int status = response.statusCode();
        if (status >= 400) {
            throw ApiError.of(
                    status,
                    response.body(),
                    response.headers().firstValue("X-Correlation-Id").orElse(null),
                    hint(status));
        }
        if (response.body().isBlank()) {
            return Json.object();
        }
        try {
            return Json.parse(response.body());
        } catch (IllegalArgumentException e) {
            throw new CliException(
                    ExitCodes.SERVER,
                    "the server at " + base + " answered "
                            + response.request().uri().getPath() + " with something that is not JSON; is " + base
                            + " an svc server?");
        }
    }

    private String hint(int status) {
        if (status != 401) {
            return null;
        }
        return token.isPresent() ? "log in again: svc login --url " + base : "log in first: svc login --url " + base;
    }

    private CliException streamFailure(Throwable failure) {
        if (failure instanceof CliException cli) {
            return cli;
        }
        if (failure instanceof WebSocketStream.Refused refused) {
            return ApiError.of(refused.status, refused.body, null, hint(refused.status));
        }
        if (failure instanceof WebSocketStream.NotJson notJson) {
            return new CliException(
                    ExitCodes.SERVER,
                    "the stream from " + base + " sent a message that is not JSON: " + notJson.getMessage());
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof UnresolvedAddressException) {
                return unreachable(cause);
            }
        }
        return unreachable(failure);
    }

    /** The one line for a server that does not answer at all. */
    CliException unreachable(Throwable failure) {
        String reason;
        if (failure instanceof HttpConnectTimeoutException) {
            reason = "no connection within " + CONNECT_TIMEOUT.toSeconds() + " s";
        } else if (failure instanceof HttpTimeoutException) {
            reason = "no answer within " + REQUEST_TIMEOUT.toSeconds() + " s";
        } else if (failure instanceof ConnectException && failure.getCause() instanceof UnresolvedAddressException) {
            reason = "unknown host " + base.getHost();
        } else if (failure instanceof ConnectException) {
            reason = failure.getMessage() == null || failure.getMessage().isBlank()
                    ? "connection refused"
                    : failure.getMessage().toLowerCase(Locale.ROOT);
        } else {
            reason = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        }
        return new CliException(
                ExitCodes.UNREACHABLE,
                "cannot reach the server at " + base + ": " + reason + " (is 'svc server' running?)");
    }

    private String basePath() {
        String p = base.getRawPath();
        return p == null || p.equals("/") ? "" : p;
    }

    private static Throwable unwrap(Throwable t) {
        Throwable cause = t;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
