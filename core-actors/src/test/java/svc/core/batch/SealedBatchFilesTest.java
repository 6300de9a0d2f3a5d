package svc.core.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedWriter;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.SimpleTool;
import svc.core.tools.ToolResult;
import svc.governance.crypto.EnvelopeCipher;
import svc.governance.crypto.KeyProviders;
import svc.governance.crypto.SealedFiles;

/**
 * With at-rest encryption on, a batch's files under {@code $SVC_HOME/batches/<id>/} are
 * {@code SVCSEAL1} envelopes (the input, and the results as sealed parts), each a plain
 * {@link SealedFiles} file with its relative path as context; the service answers the same lines
 * as with encryption off; a batch stopped mid-way resumes on its sealed parts, and one stopped
 * while encryption was off resumes sealed.
 */
class SealedBatchFilesTest {

    private static final Map<String, Object> ABRUPT =
            Map.of("pekko.coordinated-shutdown.run-by-actor-system-terminate", "off");
    private static final String KEK =
            Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
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

    private static Map<String, Object> settings(boolean sealed) {
        Map<String, Object> s = new HashMap<>(ABRUPT);
        if (sealed) {
            s.put("svc.at-rest.encryption", "on");
            s.put("svc.at-rest.kek", KEK);
        }
        return s;
    }

    @Test
    void postedRecordsAndResultsAreEnvelopesOnDiskAndTheSameLinesThroughTheService() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(settings(true));
        List<JsonNode> records =
                List.of(Json.parse("{\"secret\":\"Zanzibar-7\"}"), Json.parse("[2]"), Json.parse("\"Quagga-9\""));
        BatchView b = fx.platform
                .batches()
                .submit(new BatchService.SubmitRequest("echo", null, null, null, records, null, null, "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
        assertThat(b.total()).isEqualTo(3);
        fx.eventually(
                Duration.ofSeconds(30),
                () -> assertThat(get(b.batchId()).state()).isEqualTo("succeeded"));

        // The same lines the clear echo batch gives (BatchRecoveryTest), through the service.
        assertThat(results(b.batchId()))
                .containsExactly(
                        "{\"index\":0,\"output\":{\"secret\":\"Zanzibar-7\"}}",
                        "{\"index\":1,\"output\":[2]}",
                        "{\"index\":2,\"output\":\"Quagga-9\"}");
        Path dir = home.resolve("batches").resolve(b.batchId());
        assertThat(dir.resolve("results.jsonl")).doesNotExist();
        List<Path> files = files(dir);
        assertThat(files).extracting(p -> p.getFileName().toString()).contains("input.jsonl");
        assertThat(files).anySatisfy(p -> assertThat(p.getFileName().toString()).startsWith("results-"));
        SealedFiles seal = new SealedFiles(new EnvelopeCipher(
                KeyProviders.select("env", true, Map.of(KeyProviders.ENV_VARIABLE, KEK), new SecureRandom()),
                List.of(),
                new SecureRandom()));
        for (Path f : files) {
            String raw = Files.readString(f, StandardCharsets.ISO_8859_1);
            assertThat(raw)
                    .as(f.toString())
                    .startsWith("SVCSEAL1")
                    .doesNotContain("Zanzibar")
                    .doesNotContain("Quagga");
            // A plain SealedFiles envelope whose context is its path under $SVC_HOME/batches (what a re-seal walks).
            try (InputStream in =
                    seal.open(Files.newInputStream(f), Map.of("batch_file", b.batchId() + "/" + f.getFileName()))) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .contains("Quagga-9");
            }
        }
    }

    @Test
    void aSealedBatchStoppedMidwayResumesOnItsSealedParts() throws Exception {
        stoppedMidwayAndResumed(true);
    }

    @Test
    void aBatchStoppedWhileEncryptionWasOffResumesSealedAndKeepsItsEarlierLines() throws Exception {
        stoppedMidwayAndResumed(false);
    }

    private void stoppedMidwayAndResumed(boolean sealedBefore) throws Exception {
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
        fx.start(settings(sealedBefore));
        String agent = fx.platform.agents().director().name();
        String id = fx.platform
                .batches()
                .submit(new BatchService.SubmitRequest(
                        "custom", null, null, input.toString(), null, "score_record", agent, "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS)
                .batchId();
        assertThat(held.await(60, TimeUnit.SECONDS)).isTrue();
        fx.stop();
        CountDownLatch release = hold;
        hold = null;
        release.countDown();
        Path dir = home.resolve("batches").resolve(id);
        assertThat(Files.exists(dir.resolve("results.jsonl"))).isEqualTo(!sealedBefore);

        fx.start(settings(true));
        fx.eventually(Duration.ofSeconds(90), () -> assertThat(get(id).state()).isEqualTo("succeeded"));
        assertThat(get(id).processed()).isEqualTo(RECORDS);

        List<String> lines = results(id);
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
        List<Path> files = files(dir);
        // One part per record at first, merged as they come: about log2(1000) files, not a thousand.
        assertThat(files)
                .hasSizeLessThanOrEqualTo(12)
                .noneMatch(p -> p.getFileName().toString().equals("results.jsonl"));
        for (Path f : files) {
            assertThat(Files.readString(f, StandardCharsets.ISO_8859_1))
                    .startsWith("SVCSEAL1")
                    .doesNotContain("twice");
        }
    }

    private static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private List<String> results(String id) throws Exception {
        try (InputStream in =
                fx.platform.batches().results(id).toCompletableFuture().get(20, TimeUnit.SECONDS)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private BatchView get(String id) {
        try {
            return fx.platform.batches().get(id).toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
