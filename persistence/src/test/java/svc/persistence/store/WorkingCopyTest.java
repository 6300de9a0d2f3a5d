package svc.persistence.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two nodes' working copies over one S3 store (s3proxy): what one writes, the other reads. */
class WorkingCopyTest {

    @TempDir
    static Path blobs;

    @TempDir
    Path homes;

    static S3TestServer server;

    private WorkingCopy nodeA;
    private WorkingCopy nodeB;

    @BeforeAll
    static void startServer() throws Exception {
        server = S3TestServer.start(blobs, "svc-runs");
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @BeforeEach
    void twoNodes() {
        String location = "s3://svc-runs/wc-" + UUID.randomUUID();
        nodeA = new WorkingCopy(
                S3ArtifactStoreTest.settings(location, server.endpoint()).open(), homes.resolve("a"));
        nodeB = new WorkingCopy(
                S3ArtifactStoreTest.settings(location, server.endpoint()).open(), homes.resolve("b"));
    }

    private static void write(WorkingCopy node, String rel, String text) throws Exception {
        Path f = node.runDir("run-1").resolve(rel);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private static String read(WorkingCopy node, String rel) throws Exception {
        return Files.readString(node.runDir("run-1").resolve(rel), StandardCharsets.UTF_8);
    }

    @Test
    void anEvictedCopyIsPulledAgainByItsNextReaderAndALeasedCopyStays() throws Exception {
        write(nodeA, "model/manifest.json", "{\"v\":1}");
        nodeA.push("run-1");
        nodeB.pull("run-1");
        try (WorkingCopy.Lease lease = nodeB.lease("run-1")) {
            assertThat(nodeB.evict("run-1")).isFalse();
            assertThat(nodeB.runDir("run-1").resolve("model/manifest.json")).exists();
        }
        assertThat(nodeB.localRuns()).containsExactly("run-1");
        long before = nodeB.evictions();

        assertThat(nodeB.evict("run-1")).isTrue();

        assertThat(nodeB.runDir("run-1")).doesNotExist();
        assertThat(nodeB.localRuns()).isEmpty();
        assertThat(nodeB.evictions()).isEqualTo(before + 1);
        WorkingCopy.Reader<String> manifest = d -> Files.readString(d.resolve("manifest.json"));
        String pulledAgain = nodeB.read(nodeB.runDir("run-1").resolve("model"), manifest);
        assertThat(pulledAgain).isEqualTo("{\"v\":1}");
        assertThat(nodeA.store().list("run-1/")).hasSize(1);
    }

    @Test
    void whatOneNodePushesTheOtherPulls() throws Exception {
        write(nodeA, "run.json", "{\"profile\":\"bfsi_baseline\"}");
        write(nodeA, "model/manifest.json", "{}");
        nodeA.push("run-1");

        nodeB.pull("run-1");

        assertThat(read(nodeB, "run.json")).isEqualTo("{\"profile\":\"bfsi_baseline\"}");
        assertThat(read(nodeB, "model/manifest.json")).isEqualTo("{}");
        assertThat(nodeA.store().list("run-1/")).hasSize(2);
    }

    @Test
    void aPushSendsOnlyWhatChangedHereSoAStaleCopyNeverOverwritesAnotherNodesFile() throws Exception {
        write(nodeA, "metrics.json", "v1");
        nodeA.push("run-1");
        nodeB.pull("run-1");

        write(nodeA, "metrics.json", "v2 from a");
        nodeA.push("run-1");
        write(nodeB, "fairness.json", "from b");
        nodeB.push("run-1");

        // B's copy of metrics.json is stale (v1) but unchanged by B: the store keeps A's v2.
        nodeA.pull("run-1");
        assertThat(read(nodeA, "metrics.json")).isEqualTo("v2 from a");
        assertThat(read(nodeA, "fairness.json")).isEqualTo("from b");
        nodeB.pull("run-1");
        assertThat(read(nodeB, "metrics.json")).isEqualTo("v2 from a");
    }

    @Test
    void aPullFetchesOnlyWhatIsMissingOrChangedAndOnlyUnderThePrefix() throws Exception {
        write(nodeA, "conversations/director.jsonl", "{\"seq\":1}\n");
        write(nodeA, "audit.pdf", "%PDF");
        nodeA.push("run-1");

        nodeB.pull("run-1", "conversations/");
        assertThat(nodeB.runDir("run-1").resolve("conversations/director.jsonl"))
                .exists();
        assertThat(nodeB.runDir("run-1").resolve("audit.pdf")).doesNotExist();

        Path pulled = nodeB.runDir("run-1").resolve("conversations/director.jsonl");
        var before = Files.getLastModifiedTime(pulled);
        nodeB.pull("run-1");
        assertThat(Files.getLastModifiedTime(pulled))
                .as("unchanged files are not fetched again")
                .isEqualTo(before);
        assertThat(read(nodeB, "audit.pdf")).isEqualTo("%PDF");
    }

    @Test
    void aWipedWorkingCopyIsRefilledAndNeverEmptiesTheStore() throws Exception {
        write(nodeA, "metrics.json", "m");
        nodeA.push("run-1");
        try (Stream<Path> files = Files.walk(nodeA.runDir("run-1"))) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }

        nodeA.push("run-1");
        assertThat(nodeA.store().exists("run-1/metrics.json")).isTrue();
        nodeA.pull("run-1");
        assertThat(read(nodeA, "metrics.json")).isEqualTo("m");
    }

    @Test
    void inProgressFilesStayLocal() throws Exception {
        write(nodeA, "index.json.tmp", "half");
        write(nodeA, "index.json", "whole");
        nodeA.push("run-1");
        assertThat(nodeA.store().list("run-1/"))
                .extracting(ArtifactStore.Entry::key)
                .containsExactly("run-1/index.json");
    }
}
