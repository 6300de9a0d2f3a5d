package svc.http.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.ws.Message;
import org.apache.pekko.http.javadsl.model.ws.PeerClosedConnectionException;
import org.apache.pekko.http.javadsl.model.ws.WebSocketRequest;
import org.apache.pekko.http.javadsl.model.ws.WebSocketUpgradeResponse;
import org.apache.pekko.japi.Pair;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Flow;
import org.apache.pekko.stream.javadsl.Keep;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.Source;
import svc.config.Json;

/**
 * A WebSocket client that keeps every text message and notes how the socket closed.
 *
 * <p>It is pekko-http's client, not the JDK's {@code java.net.http.WebSocket}: the JDK client
 * (measured on 17.0.15 and 25.0.3) can lose the bytes that reach it while it hands the connection
 * from its HTTP/1.1 response reader to its WebSocket reader, just after the 101 response. A server
 * that speaks first, as the run stream does when it replays a run's history, then has its frames
 * read out of step: the client fails with "Invalid UTF-8 in frame TEXT" or "Unexpected rsv1 bit",
 * or delivers a first message with the wrong bytes. Against a byte-exact test server that writes
 * the 101 response and then the frames, the JDK client lost two 16 KiB reads in a row (ASCII text
 * alike); pekko-http reads the response and the frames in one stream and lost nothing.
 */
public final class StreamClient {

    /** The server refused the upgrade with this HTTP status. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final int status;

        Refused(int status) {
            super("WebSocket upgrade refused with HTTP " + status);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    /** Normal closure (RFC 6455 section 7.4.1): what a stream that ended without an error closes with. */
    private static final int NORMAL_CLOSURE = 1000;

    public final List<String> messages = new CopyOnWriteArrayList<>();

    /** The close status code; fails with the error when the socket broke. */
    public final CompletableFuture<Integer> closed = new CompletableFuture<>();

    private final List<Waiter> waiters = new CopyOnWriteArrayList<>();

    private record Waiter(Predicate<JsonNode> test, CompletableFuture<JsonNode> found) {}

    private StreamClient() {}

    /**
     * Opens {@code path} on the server at {@code base} ({@code http://host:port}) and returns once
     * the upgrade is answered; the messages then arrive in the background.
     *
     * @throws Refused when the server answers the upgrade with an HTTP error
     */
    public static StreamClient open(ActorSystem<?> system, String base, String path) throws Exception {
        StreamClient client = new StreamClient();
        Materializer materializer = Materializer.matFromSystem(system);
        // Texts arrive strict or, when large, streamed in parts: each is gathered whole, in order.
        Sink<Message, CompletionStage<Done>> incoming = Flow.<Message>create()
                .mapAsync(
                        1,
                        m -> m.asTextMessage()
                                .getStreamedText()
                                .runFold(new StringBuilder(), StringBuilder::append, materializer))
                .toMat(Sink.foreach(text -> client.onText(text.toString())), Keep.right());
        // Nothing is sent; the outgoing side stays open until the server closes the socket.
        Flow<Message, Message, CompletionStage<Done>> flow =
                Flow.fromSinkAndSourceMat(incoming, Source.<Message>maybe(), Keep.left());
        Pair<CompletionStage<WebSocketUpgradeResponse>, CompletionStage<Done>> socket = Http.get(system)
                .singleWebSocketRequest(
                        WebSocketRequest.create(base.replaceFirst("^http", "ws") + path), flow, materializer);
        socket.second().whenCompleteAsync((done, failure) -> client.onClose(failure), system.executionContext());
        WebSocketUpgradeResponse upgrade = socket.first().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (!upgrade.isValid()) {
            throw new Refused(upgrade.response().status().intValue());
        }
        return client;
    }

    /** The first message (already received or still to come) that passes {@code test}. */
    public JsonNode await(Predicate<JsonNode> test, int seconds) throws Exception {
        CompletableFuture<JsonNode> found = new CompletableFuture<>();
        waiters.add(new Waiter(test, found));
        for (String m : messages) {
            JsonNode node = Json.parse(m);
            if (test.test(node)) {
                found.complete(node);
            }
        }
        return found.get(seconds, TimeUnit.SECONDS);
    }

    public int awaitClose(int seconds) throws Exception {
        return closed.get(seconds, TimeUnit.SECONDS);
    }

    public List<JsonNode> json() {
        return messages.stream().map(Json::parse).toList();
    }

    private void onText(String text) {
        messages.add(text);
        JsonNode node = Json.parse(text);
        waiters.forEach(w -> {
            if (!w.found().isDone() && w.test().test(node)) {
                w.found().complete(node);
            }
        });
    }

    /**
     * pekko-http completes the incoming stream when the server closes normally and fails it with
     * the code when the server closes with another one.
     */
    private void onClose(Throwable failure) {
        if (failure instanceof CompletionException wrapped && wrapped.getCause() != null) {
            failure = wrapped.getCause();
        }
        if (failure == null) {
            closed.complete(NORMAL_CLOSURE);
        } else if (failure instanceof PeerClosedConnectionException peer) {
            closed.complete(peer.closeCode());
        } else {
            closed.completeExceptionally(failure);
        }
    }
}
