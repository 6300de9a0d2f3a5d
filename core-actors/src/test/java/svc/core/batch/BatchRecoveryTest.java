package svc.core.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.run.RunErrors;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.SimpleTool;
import svc.core.tools.ToolResult;

/**
 * A batch's platform stops without a graceful shutdown in the middle of the input, and a new
 * platform on the same database finishes it from the journal's checkpoint and the results file.
 */
class BatchRecoveryTest {

    /** The actor system stops as after a crash: no coordinated shutdown, no shard hand-off. */
    private static final Map<String, Object> ABRUPT =
            Map.of("pekko.coordinated-shutdown.run-by-actor-system-terminate", "off");

    private static final int RECORDS = 1000;
    private static final long HELD = 505;

    @TempDir
    Path home;

    private PlatformFixture fx;
    private final Map<Long, AtomicInteger> calls = new ConcurrentHashMap<>();
    private volatile CountDownLatch hold = new CountDownLatch(1);
    private final CountDownLatch held = new CountDownLatch(1);

    @AfterEach
    void stop() {
        CountDownLatch h = hold;
        if (h != null) {
            h.countDown();
        }
        fx.close();
    }

    @Test
    void aThousandRecordBatchStoppedMidwayResumesWithOneLinePerInputLineInOrder() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.extraTools.add(new SimpleTool("score_record", "doubles i", "{\"type\":\"object\"}", (ctx, args) -> {
            long i = args.path("i").asLong();
            calls.computeIfAbsent(i, k -> new AtomicInteger()).incrementAndGet();
            CountDownLatch h = hold;
            if (i == HELD && h != null) {
                held.countDown();
                h.await(60, TimeUnit.SECONDS);
            }
            return ToolResult.ok(Json.object().put("i", i).put("twice", 2 * i));
        }));
        Path input = home.resolve("datasets").resolve("records.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(input, StandardCharsets.UTF_8)) {
            for (int i = 0; i < RECORDS; i++) {
                w.write("{\"i\":" + i + "}\n");
            }
        }
        fx.start(ABRUPT);
        String agent = fx.platform.agents().director().name();
        BatchView submitted = fx.platform
                .batches()
                .submit(new BatchService.SubmitRequest(
                        "custom", null, null, input.toString(), null, "score_record", agent, "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
        assertThat(submitted.total()).isEqualTo(RECORDS);
        assertThat(submitted.state()).isEqualTo("running");
        String id = submitted.batchId();

        assertThat(held.await(60, TimeUnit.SECONDS)).isTrue();
        fx.stop();
        CountDownLatch release = hold;
        hold = null;
        release.countDown();
        Path results = home.resolve("batches").resolve(id).resolve("results.jsonl");
        // Records 500..504 finished after the last checkpoint (500): their lines are there, 505's is not.
        assertThat(Files.readAllLines(results)).hasSize((int) HELD);

        fx.start(ABRUPT);
        fx.eventually(Duration.ofSeconds(60), () -> assertThat(get(id).state()).isEqualTo("succeeded"));
        BatchView done = get(id);
        assertThat(done.processed()).isEqualTo(RECORDS);
        assertThat(done.errors()).isZero();

        List<String> lines = Files.readAllLines(results);
        assertThat(lines).hasSize(RECORDS);
        for (int i = 0; i < RECORDS; i++) {
            JsonNode line = Json.parse(lines.get(i));
            assertThat(line.path("index").asLong()).isEqualTo(i);
            assertThat(line.path("output").path("twice").asLong()).isEqualTo(2L * i);
        }
        for (long i = 0; i < RECORDS; i++) {
            // Only the record in progress at the stop had no line, so only it ran again.
            assertThat(calls.get(i).get()).as("calls of record %d", i).isEqualTo(i == HELD ? 2 : 1);
        }
        fx.eventually(Duration.ofSeconds(10), () -> assertThat(listed(id)).isEqualTo("succeeded"));
    }

    @Test
    void echoRecordsGiveBadLinesTheirOwnErrorAndRefuseACancelAfterTheEnd() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(Map.of());
        List<JsonNode> records = List.of(Json.parse("{\"a\":1}"), Json.parse("[2]"), Json.parse("\"x\""));
        BatchView b = fx.platform
                .batches()
                .submit(new BatchService.SubmitRequest("echo", null, null, null, records, null, null, "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
        fx.eventually(
                Duration.ofSeconds(20),
                () -> assertThat(get(b.batchId()).state()).isEqualTo("succeeded"));
        Path results = home.resolve("batches").resolve(b.batchId()).resolve("results.jsonl");
        assertThat(Files.readAllLines(results))
                .containsExactly(
                        "{\"index\":0,\"output\":{\"a\":1}}",
                        "{\"index\":1,\"output\":[2]}",
                        "{\"index\":2,\"output\":\"x\"}");
        assertThat(fx.platform.batches().cancel(b.batchId()).toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.Conflict.class);
        assertThat(fx.platform.batches().get("b-none").toCompletableFuture())
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(Exception.class)
                .withRootCauseInstanceOf(RunErrors.NotFound.class);
    }

    private BatchView get(String id) {
        try {
            return fx.platform.batches().get(id).toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private String listed(String id) {
        try {
            return fx.platform.batches().list(100, 0).toCompletableFuture().get(10, TimeUnit.SECONDS).items().stream()
                    .filter(b -> b.batchId().equals(id))
                    .map(BatchView::state)
                    .findFirst()
                    .orElse("absent");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
