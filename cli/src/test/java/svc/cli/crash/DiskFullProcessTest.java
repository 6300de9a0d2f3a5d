package svc.cli.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import svc.cli.cluster.ServerProcess;
import svc.config.Json;

/**
 * A full disk under the artefact store, for real: {@code svc server} runs in a mount namespace of
 * its own ({@code unshare -rm}, no root needed) where the store's directory is a 48 MiB tmpfs, so
 * its writes meet the kernel's own ENOSPC. A {@code fast_prototype} run (scripted model, real ML
 * tools, German Credit) reaches its registration gate; the test fills the tmpfs to the last byte
 * (through {@code /proc/<pid>/root}, the server's view of its mounts), then approves the gate:
 *
 * <ul>
 *   <li>{@code /livez} reports the store full (503) with its free space, 0 bytes;
 *   <li>the run fails with a reason that says the disk is full (not a hang, not a retry loop);
 *   <li>every file written before is byte-identical (the conversation files: their earlier bytes
 *       unchanged, lines only appended, none torn) and no temporary file is left behind;
 * </ul>
 *
 * then the filler is removed: {@code /livez} is ok again, the conversation projection catches up
 * (each agent's {@code seq} from 1 without a gap) and a new run on the same server succeeds.
 *
 * <p>Skipped where unprivileged user namespaces are off (then no test can get a real ENOSPC
 * without root). Tagged {@code crash}: runs in the cli module's second surefire execution with
 * {@code CrashProcessTest} ({@code .ci/run}).
 */
@Tag("crash")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class DiskFullProcessTest {

    private static final String API_KEY = "disk-test-key-0123456789";
    private static final Path DATA = Path.of("../data").toAbsolutePath().normalize();
    private static final Path DATASET = DATA.resolve("german_credit/german_credit.csv");
    private static final String APPROVE = "{\"decision\":\"approve\",\"rationale\":\"disk test\"}";
    private static final String PROBLEM = "Predict credit risk (column credit_risk), fairly across sex.";
    private static final String STORE_SIZE = "48m";

    @TempDir
    Path dir;

    private final ProcessApi api = new ProcessApi("disk-test-client", API_KEY, () -> this.server);
    private ServerProcess server;
    /** The store's directory as the test reads it: the server's mount namespace through /proc. */
    private Path store;

    @AfterEach
    void stopAll() throws Exception {
        if (server != null) {
            server.kill();
        }
        api.close();
    }

    @Test
    void aFullDiskFailsTheRunWithThatReasonAndCorruptsNothing() throws Exception {
        Path mount = Files.createDirectories(dir.resolve("store"));
        assumeTrue(
                tmpfsInOwnNamespace(mount),
                "needs unprivileged user and mount namespaces (unshare -rm) for a tmpfs of the server's own");
        server = server(mount);
        server.start();
        api.awaitHealthy();
        store = Path.of("/proc/" + server.pid() + "/root" + mount);
        JsonNode before = livez(200).path("checks").path("artifact_store");
        assertThat(before.path("ok").asBoolean()).as(before.toString()).isTrue();
        assertThat(before.path("total_bytes").asLong())
                .as("the store is the small tmpfs")
                .isBetween(1L, 64L * 1024 * 1024);

        String runId = startRun();
        String gate = awaitGate(runId);
        Path runDir = store.resolve(runId);
        // The projection writes approvals.json a moment after the gate opens: wait for it, so the
        // snapshot holds what a later write would have to leave alone.
        api.eventually(
                60, () -> assertThat(read(runDir.resolve("approvals.json"))).contains(gate));
        Map<String, byte[]> written = snapshot(runDir);
        assertThat(written.keySet())
                .contains("run.json", "metrics.json", "model/manifest.json", "model/model.ubj", "Dockerfile");

        // ---- the disk fills up -------------------------------------------------------------------
        Path filler = store.resolve("filler");
        fill(filler);
        JsonNode full = livez(503).path("checks").path("artifact_store");
        assertThat(full.path("ok").asBoolean()).as(full.toString()).isFalse();
        assertThat(full.path("free_bytes").asLong()).isZero();
        assertThat(full.path("detail").asText()).contains("no space left");

        // A tool asked to rewrite an artefact of the run (another image tag in the Dockerfile) cannot:
        // a 507 problem, and the Dockerfile keeps its bytes (checked below with every other file).
        JsonNode rewrite = api.send(
                "POST",
                "/api/v1/tools/invoke",
                Json.object()
                        .put("agent", "container-builder")
                        .put("tool", "build_container_image")
                        .put("run_id", runId)
                        .set("arguments", Json.object().put("image_tag", "disk-test-2"))
                        .toString(),
                507);
        assertThat(rewrite.path("detail").asText()).contains("is full");
        // A new run cannot store its brief: a 507 problem, not a 500.
        JsonNode refused = api.send(
                "POST",
                "/api/v1/pipelines",
                Json.object()
                        .put("problem", PROBLEM)
                        .put("dataset_path", DATASET.toString())
                        .put("template", "fast_prototype")
                        .toString(),
                507);
        assertThat(refused.path("detail").asText()).contains("is full");

        api.send("POST", "/api/v1/approvals/" + gate, APPROVE, 200);
        api.eventually(
                180, () -> assertThat(api.run(runId).path("state").asText()).isEqualTo("failed"));
        String reason = api.run(runId).path("failure").asText();
        assertThat(reason)
                .as("the run's recorded reason")
                .startsWith("disk full: the artefact store")
                .contains("No space left on device");

        // The conversation projection meets the full disk too (the agents' last events of the run).
        api.eventually(
                60,
                () -> assertThat(serverLog())
                        .containsPattern(
                                "conversation files of run\\(s\\) \\[[^]]*" + runId + "[^]]*\\] could not be written,"
                                        + " the events are handled again: .*No space left on device"));
        // Nothing written before is corrupted, nothing half-written is left.
        assertUnchanged(runDir, written);
        assertThat(temporaryFiles(store)).as("temporary files left behind").isEmpty();
        assertThat(server.alive()).isTrue();

        // ---- space is freed ----------------------------------------------------------------------
        Files.delete(filler);
        api.eventually(
                60,
                () -> assertThat(livez(200)
                                .path("checks")
                                .path("artifact_store")
                                .path("free_bytes")
                                .asLong())
                        .isPositive());
        // The conversation projection, held back by the full disk, catches up without a gap.
        api.eventually(120, () -> assertGaplessConversations(runDir));
        assertUnchanged(runDir, withoutProjections(written));
        api.eventually(60, () -> assertThat(listedState(runId)).isEqualTo("failed"));

        String second = startRun();
        api.send("POST", "/api/v1/approvals/" + awaitGate(second), APPROVE, 200);
        api.eventually(
                300, () -> assertThat(api.run(second).path("state").asText()).isEqualTo("succeeded"));
        assertThat(store.resolve(second).resolve("deployment.json")).isRegularFile();
    }

    // ---- the disk --------------------------------------------------------------------------------

    /** Whether this machine lets an unprivileged process mount a tmpfs in namespaces of its own. */
    private static boolean tmpfsInOwnNamespace(Path mount) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(
                            "unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", mount.toString())
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Writes zeros until the kernel answers ENOSPC: 1 MiB at a time, then a byte at a time. */
    private static void fill(Path filler) throws IOException {
        try (OutputStream out = Files.newOutputStream(filler)) {
            byte[] chunk = new byte[1024 * 1024];
            assertThatThrownBy(() -> {
                        while (true) {
                            out.write(chunk);
                        }
                    })
                    .hasMessageContaining("No space left on device");
            assertThatThrownBy(() -> {
                        while (true) {
                            out.write(0);
                            out.flush();
                        }
                    })
                    .hasMessageContaining("No space left on device");
        } catch (IOException closing) {
            // closing flushes nothing more: every byte was written or refused above
        }
    }

    /** Every regular file of the run (relative name → bytes), temporary files aside. */
    private static Map<String, byte[]> snapshot(Path runDir) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(runDir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String rel = runDir.relativize(f).toString();
                if (!rel.endsWith(".tmp")) {
                    out.put(rel, Files.readAllBytes(f));
                }
            }
        }
        return out;
    }

    /**
     * Each file as it was: the same bytes; a conversation file may have grown, but only by whole
     * lines after its earlier bytes; the index may be rewritten, but stays whole JSON.
     */
    private static void assertUnchanged(Path runDir, Map<String, byte[]> written) throws IOException {
        for (Map.Entry<String, byte[]> e : written.entrySet()) {
            Path f = runDir.resolve(e.getKey());
            assertThat(f).as(e.getKey()).isRegularFile();
            byte[] now = Files.readAllBytes(f);
            if (e.getKey().endsWith(".jsonl")) {
                assertThat(now.length).as(e.getKey()).isGreaterThanOrEqualTo(e.getValue().length);
                byte[] prefix = new byte[e.getValue().length];
                System.arraycopy(now, 0, prefix, 0, prefix.length);
                assertThat(prefix).as(e.getKey() + ": its earlier lines").isEqualTo(e.getValue());
                assertWholeLines(e.getKey(), now);
            } else if (e.getKey().equals("conversations/index.json")) {
                assertThat(Json.parse(new String(now, StandardCharsets.UTF_8)).isObject())
                        .isTrue();
            } else {
                assertThat(now).as(e.getKey() + " byte for byte").isEqualTo(e.getValue());
            }
        }
    }

    /** What the projections may rewrite once space is back: approvals.json (the decision) and the index. */
    private static Map<String, byte[]> withoutProjections(Map<String, byte[]> written) {
        Map<String, byte[]> out = new TreeMap<>(written);
        out.remove("approvals.json");
        return out;
    }

    private static void assertWholeLines(String name, byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        assertThat(text).as(name + " ends with a whole line").endsWith("\n");
        for (String line : text.split("\n")) {
            assertThat(Json.parse(line).path("seq").asLong()).as(name).isPositive();
        }
    }

    private static void assertGaplessConversations(Path runDir) {
        Path conversations = runDir.resolve("conversations");
        try (Stream<Path> files = Files.list(conversations)) {
            List<Path> jsonl =
                    files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
            assertThat(jsonl).isNotEmpty();
            for (Path f : jsonl) {
                byte[] content = Files.readAllBytes(f);
                assertWholeLines(f.getFileName().toString(), content);
                List<Long> seqs = new ArrayList<>();
                for (String line : new String(content, StandardCharsets.UTF_8).split("\n")) {
                    seqs.add(Json.parse(line).path("seq").asLong());
                }
                for (int i = 0; i < seqs.size(); i++) {
                    assertThat(seqs.get(i))
                            .as(f.getFileName() + " line " + (i + 1))
                            .isEqualTo(i + 1L);
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> temporaryFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.map(Path::toString).filter(p -> p.endsWith(".tmp")).toList();
        }
    }

    private String serverLog() {
        try {
            return Files.readString(server.log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AssertionError(file + ": " + e);
        }
    }

    // ---- the server ------------------------------------------------------------------------------

    private ServerProcess server(Path mount) throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Map<String, String> env = new HashMap<>();
        env.put("SVC_ARTIFACT_STORE", mount.toString());
        env.put("SVC_API_KEYS", API_KEY);
        env.put("SVC_JWT_SECRET", "disk-test-secret-disk-test-secret-0123456789");
        env.put("SVC_DATA_DIRS", DATA.toString());
        env.put("SVC_LOG_FORMAT", "text");
        env.put("OMP_WAIT_POLICY", "PASSIVE");
        Path logs = Files.createDirectories(Path.of("target", "crash-logs").toAbsolutePath());
        Path log = logs.resolve("disk-full-server.log");
        Files.deleteIfExists(log);
        // The JVM in mount and user namespaces of its own, the store's directory a small tmpfs there:
        // `sh -c` mounts it, then exec's java (so the process is the JVM, and SIGKILL reaches it).
        List<String> wrapper = List.of(
                "unshare",
                "-rm",
                "sh",
                "-c",
                "mount -t tmpfs -o size=\"$1\" tmpfs \"$0\" && shift && exec \"$@\"",
                mount.toString(),
                STORE_SIZE);
        return new ServerProcess(
                "disk",
                ProcessApi.freePort(),
                ProcessApi.freePort(),
                home,
                log,
                env,
                List.of(
                        "-Xmx384m",
                        "-XX:+UseSerialGC",
                        "-XX:TieredStopAtLevel=1",
                        "-Djava.util.concurrent.ForkJoinPool.common.parallelism=4"),
                wrapper);
    }

    private String startRun() throws Exception {
        return api.send(
                        "POST",
                        "/api/v1/pipelines",
                        Json.object()
                                .put("problem", PROBLEM)
                                .put("dataset_path", DATASET.toString())
                                .put("template", "fast_prototype")
                                .toString(),
                        202)
                .path("run_id")
                .asText();
    }

    private String awaitGate(String runId) {
        String[] gate = new String[1];
        api.eventually(300, () -> {
            JsonNode r = api.run(runId);
            assertThat(r.path("state").asText()).as(r.toString()).isEqualTo("waiting_approval");
            gate[0] = r.path("pending_gates").get(0).path("gate_id").asText();
        });
        return gate[0];
    }

    private JsonNode livez(int expected) {
        try {
            return api.send("GET", "/livez", null, expected);
        } catch (Exception e) {
            throw new AssertionError("GET /livez: " + e, e);
        }
    }

    private String listedState(String runId) {
        for (JsonNode r : api.get("/api/v1/pipelines?limit=100").path("items")) {
            if (r.path("run_id").asText().equals(runId)) {
                return r.path("state").asText();
            }
        }
        return "absent";
    }
}
