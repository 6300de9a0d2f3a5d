package svc.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.HttpResponse;
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
 * One WebSocket read to its end with pekko-http's client, each text message parsed as JSON.
 *
 * <p>Not the JDK's {@code java.net.http.WebSocket}: that client can lose the bytes that reach it
 * while it hands the connection from its HTTP response reader to its WebSocket reader, just after
 * the 101 answer, and the run stream speaks first (it replays the run's history at once). The
 * symptom was "Invalid UTF-8 in frame TEXT" on {@code svc pipelines logs --follow}; the API's own
 * tests met the same (see {@code svc.http.testing.StreamClient}). pekko-http reads the answer and
 * the frames in one stream.
 *
 * <p>The actor system here is a local one made for this stream and terminated with it: the CLI has
 * no cluster, and only a following command pays its start (well under a second).
 */
final class WebSocketStream {

    /** Normal closure (RFC 6455 section 7.4.1). */
    private static final int NORMAL_CLOSURE = 1000;

    /** The server refused the upgrade: its status and body, for the caller's error line. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;
        final String body;

        Refused(int status, String body) {
            super("WebSocket upgrade refused with HTTP " + status);
            this.status = status;
            this.body = body;
        }
    }

    private WebSocketStream() {}

    /**
     * Opens {@code uri} ({@code ws://} or {@code wss://}) and hands each message to {@code onMessage}
     * in order. Completes with the close code, or fails with {@link Refused}, the connection's failure,
     * or the message that was not JSON.
     */
    static CompletionStage<Integer> open(String uri, Consumer<JsonNode> onMessage) {
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "svc-cli-stream", config());
        Materializer materializer = Materializer.matFromSystem(system);
        CompletableFuture<Integer> closed = new CompletableFuture<>();
        // A long text arrives streamed in parts: each is gathered whole, in order, then parsed.
        Sink<Message, CompletionStage<Done>> incoming = Flow.<Message>create()
                .filter(Message::isText)
                .mapAsync(
                        1,
                        m -> m.asTextMessage()
                                .getStreamedText()
                                .runFold(new StringBuilder(), StringBuilder::append, materializer))
                .map(WebSocketStream::parse)
                .toMat(Sink.foreach(onMessage::accept), Keep.right());
        // The client sends nothing; its side stays open until the server closes the socket.
        Flow<Message, Message, CompletionStage<Done>> flow =
                Flow.fromSinkAndSourceMat(incoming, Source.<Message>maybe(), Keep.left());
        Pair<CompletionStage<WebSocketUpgradeResponse>, CompletionStage<Done>> socket =
                Http.get(system).singleWebSocketRequest(WebSocketRequest.create(uri), flow, materializer);
        // The upgrade's answer decides: a refusal also fails the message stream, with less to say.
        socket.first().whenComplete((upgrade, failure) -> {
            if (failure != null) {
                closed.completeExceptionally(failure);
            } else if (!upgrade.isValid()) {
                refusal(upgrade.response(), materializer, closed);
            } else {
                socket.second().whenComplete((done, ended) -> ended(ended, closed));
            }
        });
        return closed.whenComplete((code, failure) -> system.terminate());
    }

    private static void ended(Throwable failure, CompletableFuture<Integer> closed) {
        Throwable cause = failure instanceof CompletionException wrapped && wrapped.getCause() != null
                ? wrapped.getCause()
                : failure;
        if (cause == null) {
            closed.complete(NORMAL_CLOSURE);
        } else if (cause instanceof PeerClosedConnectionException peer) {
            closed.complete(peer.closeCode());
        } else {
            closed.completeExceptionally(cause);
        }
    }

    private static void refusal(HttpResponse response, Materializer materializer, CompletableFuture<Integer> closed) {
        int status = response.status().intValue();
        response.entity()
                .toStrict(10_000, materializer)
                .whenComplete((strict, failure) -> closed.completeExceptionally(new Refused(
                        status, strict == null ? "" : strict.getData().utf8String())));
    }

    private static JsonNode parse(StringBuilder text) {
        try {
            return Json.parse(text.toString());
        } catch (IllegalArgumentException e) {
            throw new NotJson(text.length() > 200 ? text.substring(0, 200) + "..." : text.toString());
        }
    }

    /** A message that is not JSON: not the svc stream, or a server in trouble. */
    static final class NotJson extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotJson(String text) {
            super(text);
        }
    }

    private static Config config() {
        return ConfigFactory.parseString("""
                        pekko.actor.provider = local
                        pekko.loglevel = ERROR
                        pekko.stdout-loglevel = OFF
                        pekko.log-dead-letters = off
                        pekko.coordinated-shutdown.run-by-jvm-shutdown-hook = off
                        pekko.http.client.idle-timeout = infinite
                        """)
                .withFallback(ConfigFactory.defaultReference())
                .resolve();
    }
}
