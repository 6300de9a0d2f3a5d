package svc.http.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.stream.Attributes;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.stream.javadsl.SinkQueueWithCancel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.stream.LiveEventHub;
import svc.core.stream.RunHistory;

/** The relay's contract without a network: replay, de-duplication, the end, and dropping a slow client. */
class LiveRelayTest {

    private static final ActorTestKit KIT = ActorTestKit.create("relay");

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    private static ObjectNode msg(int seq) {
        return Json.object()
                .put("type", "agent_message")
                .put("run_id", "r")
                .put("agent", "a")
                .put("seq", seq);
    }

    private static RunHistory.Replayed replayed(int seq) {
        return new RunHistory.Replayed(Instant.EPOCH.plusSeconds(seq), msg(seq), false, "a", seq);
    }

    @Test
    void messagesHeldWhileTheHistoryLoadsAreSkippedByTheirSourcesSequenceNotTheirText() throws Exception {
        LiveEventHub hub = new LiveEventHub();
        LiveRelay relay = new LiveRelay("r", 10);
        relay.subscribe(hub);
        // Live before the replay arrives: a's 2 (also replayed) and 3, and the run's own 1 (not replayed).
        relay.onLive(new LiveEventHub.LiveMessage(msg(2), false, "a", 2, false));
        relay.onLive(new LiveEventHub.LiveMessage(msg(3), false, "a", 3, false));
        ObjectNode stage = Json.object().put("type", "stage").put("run_id", "r").put("seq", 100);
        relay.onLive(new LiveEventHub.LiveMessage(stage, false, "run", 1, true));
        var source = relay.start(List.of(replayed(1), replayed(2)), KIT.system());
        var done = source.runWith(Sink.seq(), KIT.system());
        // A message equal in text to a replayed one but from another journal position is new.
        relay.onLive(new LiveEventHub.LiveMessage(msg(2), false, "b", 2, false));
        relay.onLive(new LiveEventHub.LiveMessage(
                Json.object().put("type", "state").put("run_id", "r").put("state", "failed"), true, "run", 2, true));
        List<String> got = done.toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(got).extracting(s -> Json.parse(s).path("seq").asInt()).containsExactly(1, 2, 3, 100, 2, 0);
    }

    @Test
    void liveMessagesAlreadyReplayedAreSkippedAndTheStreamEndsAfterTheFinalOne() throws Exception {
        LiveEventHub hub = new LiveEventHub();
        LiveRelay relay = new LiveRelay("r", 10);
        relay.subscribe(hub);
        var source = relay.start(List.of(replayed(1), replayed(2)), KIT.system());
        var done = source.runWith(Sink.seq(), KIT.system());
        var publish = new Publisher(relay);
        publish.send(msg(2), false);
        publish.send(msg(3), false);
        publish.send(Json.object().put("type", "state").put("run_id", "r").put("state", "succeeded"), true);
        publish.send(msg(4), false);
        List<String> got = done.toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(got).extracting(s -> Json.parse(s).path("seq").asInt()).containsExactly(1, 2, 3, 0);
        assertThat(Json.parse(got.get(3)).get("state").asText()).isEqualTo("succeeded");
    }

    @Test
    void aGapInTheLiveFeedIsReadBackFromTheJournalBeforeWhatFollowsAndTheEnd() throws Exception {
        LiveEventHub hub = new LiveEventHub();
        CompletableFuture<List<LiveEventHub.LiveMessage>> journal = new CompletableFuture<>();
        List<String> asked = new ArrayList<>();
        LiveRelay relay = new LiveRelay(
                "r",
                10,
                (source, from, to) -> {
                    asked.add(source + ":" + from + ".." + to);
                    return journal;
                },
                Runnable::run);
        relay.subscribe(hub);
        // The run's own journal was replayed up to 4, agent a's up to 1.
        var runSoFar = new RunHistory.Replayed(
                Instant.EPOCH, Json.object().put("type", "stage").put("run_id", "r"), false, "run", 4);
        var done = relay.start(List.of(replayed(1), runSoFar), KIT.system()).runWith(Sink.seq(), KIT.system());
        // a:2 and a:3 never came (their node died); a:4 and the run's end did.
        relay.onLive(new LiveEventHub.LiveMessage(msg(4), false, "a", 4, false));
        relay.onLive(new LiveEventHub.LiveMessage(
                Json.object().put("type", "state").put("run_id", "r").put("state", "succeeded"),
                true,
                "run",
                5,
                false));
        assertThat(asked).containsExactly("a:2..3");
        assertThat(done.toCompletableFuture().isDone()).isFalse();
        journal.complete(List.of(
                new LiveEventHub.LiveMessage(msg(2), false, "a", 2, false),
                new LiveEventHub.LiveMessage(msg(3), false, "a", 3, false)));
        List<String> got = done.toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(got).extracting(s -> Json.parse(s).path("seq").asInt()).containsExactly(1, 0, 2, 3, 4, 0);
        assertThat(Json.parse(got.get(5)).path("state").asText()).isEqualTo("succeeded");
    }

    @Test
    void aClientThatDoesNotReadIsDroppedWithoutBlockingThePublisher() throws Exception {
        LiveEventHub hub = new LiveEventHub();
        LiveRelay relay = new LiveRelay("r", 3);
        relay.subscribe(hub);
        // The test's own sink must not buffer ahead (its default input buffer is 16): a client that
        // reads nothing holds at most one element.
        SinkQueueWithCancel<String> client = relay.start(List.of(), KIT.system())
                .runWith(Sink.<String>queue().withAttributes(Attributes.inputBuffer(1, 1)), KIT.system());
        var publish = new Publisher(relay);
        for (int i = 1; i <= 200; i++) {
            publish.send(msg(i), false);
        }
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 210; i++) {
            var next = client.pull().toCompletableFuture().get(10, TimeUnit.SECONDS);
            if (next.isEmpty()) {
                break;
            }
            got.add(next.get());
        }
        // The live queue is pre-materialized, so the stream may pull ahead of the client across its
        // async boundary (the fan-out publisher's and the subscriber's buffers, 16 each by default)
        // while the publisher is still sending: what a silent client holds is bounded by those, not by
        // the relay's bound alone.
        assertThat(got.size()).isLessThanOrEqualTo(3 + 16 + 16 + 1 + 1);
        assertThat(Json.parse(got.get(got.size() - 1)).get("type").asText()).isEqualTo("dropped");
    }

    /** Hands messages to the relay as the hub does, on the caller's thread. */
    private record Publisher(LiveRelay relay) {
        void send(ObjectNode json, boolean last) {
            relay.onLive(new LiveEventHub.LiveMessage(
                    json, last, last ? "run" : "a", json.path("seq").asLong(), true));
        }
    }
}
