package svc.cli.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.ws.Message;
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
 * A run-stream client that keeps every message (pekko-http's client: the JDK's can lose the bytes
 * that follow the upgrade, see the API tests' StreamClient).
 */
final class WsClient {

    final List<JsonNode> messages = new CopyOnWriteArrayList<>();
    /** When each message arrived ({@link System#nanoTime}), in the order of {@link #messages}. */
    final List<Long> arrivals = new CopyOnWriteArrayList<>();

    final CompletableFuture<Void> closed = new CompletableFuture<>();
    private final List<Pair<Predicate<JsonNode>, CompletableFuture<JsonNode>>> waiters = new CopyOnWriteArrayList<>();

    static WsClient open(ActorSystem<?> system, String url) throws Exception {
        WsClient client = new WsClient();
        Materializer materializer = Materializer.matFromSystem(system);
        Sink<Message, CompletionStage<Done>> incoming = Flow.<Message>create()
                .mapAsync(
                        1,
                        m -> m.asTextMessage()
                                .getStreamedText()
                                .runFold(new StringBuilder(), StringBuilder::append, materializer))
                .toMat(Sink.foreach(text -> client.onText(text.toString())), Keep.right());
        Flow<Message, Message, CompletionStage<Done>> flow =
                Flow.fromSinkAndSourceMat(incoming, Source.<Message>maybe(), Keep.left());
        Pair<CompletionStage<WebSocketUpgradeResponse>, CompletionStage<Done>> socket = Http.get(system)
                .singleWebSocketRequest(WebSocketRequest.create(url.replaceFirst("^http", "ws")), flow, materializer);
        socket.second().whenCompleteAsync((done, failure) -> client.closed.complete(null), system.executionContext());
        WebSocketUpgradeResponse upgrade = socket.first().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (!upgrade.isValid()) {
            throw new AssertionError("upgrade refused: " + upgrade.response().status());
        }
        return client;
    }

    /** The first message, received or to come, that passes {@code test}. */
    JsonNode await(Predicate<JsonNode> test, int seconds) throws Exception {
        CompletableFuture<JsonNode> found = new CompletableFuture<>();
        waiters.add(Pair.create(test, found));
        messages.stream().filter(test).findFirst().ifPresent(found::complete);
        return found.get(seconds, TimeUnit.SECONDS);
    }

    private void onText(String text) {
        JsonNode node = Json.parse(text);
        arrivals.add(System.nanoTime());
        messages.add(node);
        waiters.forEach(w -> {
            if (!w.second().isDone() && w.first().test(node)) {
                w.second().complete(node);
            }
        });
    }
}
