package svc.persistence.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.governance.signing.Digests;

/** What every artefact store promises; one subclass per backend runs it against a real store. */
abstract class ArtifactStoreContract {

    @TempDir
    Path scratch;

    /** A store with nothing in it, fresh for each test. */
    abstract ArtifactStore store();

    private Path file(String name, byte[] bytes) throws Exception {
        Path f = scratch.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    @Test
    void aPutFileComesBackByteForByteWithItsSizeAndSha256() throws Exception {
        byte[] bytes = new byte[3 * 1024 * 1024 + 17];
        new Random(42).nextBytes(bytes);
        Path source = file("model.bin", bytes);

        ArtifactStore.Entry put = store().put("run-1/model/model.bin", source);

        assertThat(put)
                .isEqualTo(new ArtifactStore.Entry("run-1/model/model.bin", bytes.length, Digests.sha256Hex(bytes)));
        assertThat(store().stat("run-1/model/model.bin")).contains(put);
        assertThat(store().exists("run-1/model/model.bin")).isTrue();
        try (InputStream in = store().get("run-1/model/model.bin").orElseThrow()) {
            assertThat(in.readAllBytes()).isEqualTo(bytes);
        }
    }

    @Test
    void aPutStreamIsStoredAndAPutReplacesWhatWasThere() throws Exception {
        store().put("run-1/metrics.json", new ByteArrayInputStream("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
        store().put("run-1/metrics.json", new ByteArrayInputStream("{\"a\":22}".getBytes(StandardCharsets.UTF_8)));

        try (InputStream in = store().get("run-1/metrics.json").orElseThrow()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":22}");
        }
        assertThat(store().stat("run-1/metrics.json").orElseThrow().size()).isEqualTo(8);
    }

    @Test
    void absentKeysAreEmptyNotErrors() throws Exception {
        assertThat(store().get("run-1/nothing.json")).isEmpty();
        assertThat(store().stat("run-1/nothing.json")).isEmpty();
        assertThat(store().exists("run-1/nothing.json")).isFalse();
        store().delete("run-1/nothing.json");
    }

    @Test
    void listGivesTheKeysUnderAPrefixSortedWithSizeAndSha256() throws Exception {
        store().put("run-1/metrics.json", file("m.json", "m".getBytes(StandardCharsets.UTF_8)));
        store().put("run-1/k8s/deployment.yaml", file("d.yaml", "dd".getBytes(StandardCharsets.UTF_8)));
        store().put("run-1/conversations/director.jsonl", file("c.jsonl", "ccc".getBytes(StandardCharsets.UTF_8)));
        store().put("run-10/metrics.json", file("other.json", "o".getBytes(StandardCharsets.UTF_8)));

        assertThat(store().list("run-1/"))
                .containsExactly(
                        new ArtifactStore.Entry(
                                "run-1/conversations/director.jsonl",
                                3,
                                Digests.sha256Hex("ccc".getBytes(StandardCharsets.UTF_8))),
                        new ArtifactStore.Entry(
                                "run-1/k8s/deployment.yaml",
                                2,
                                Digests.sha256Hex("dd".getBytes(StandardCharsets.UTF_8))),
                        new ArtifactStore.Entry(
                                "run-1/metrics.json", 1, Digests.sha256Hex("m".getBytes(StandardCharsets.UTF_8))));
        assertThat(store().list("run-1/k8s/"))
                .extracting(ArtifactStore.Entry::key)
                .containsExactly("run-1/k8s/deployment.yaml");
        assertThat(store().list("run-1/metrics"))
                .extracting(ArtifactStore.Entry::key)
                .containsExactly("run-1/metrics.json");
        assertThat(store().list("run-2/")).isEmpty();
        assertThat(store().list("")).hasSize(4);
    }

    @Test
    void versionsChangeWithTheBytesAndOnlyThen() throws Exception {
        store().put("run-1/a.json", file("a1", "one".getBytes(StandardCharsets.UTF_8)));
        store().put("run-1/b.json", file("b1", "two".getBytes(StandardCharsets.UTF_8)));
        store().put("run-2/c.json", file("c1", "other".getBytes(StandardCharsets.UTF_8)));

        Map<String, String> first = store().versions("run-1/");
        assertThat(first).containsOnlyKeys("run-1/a.json", "run-1/b.json");
        assertThat(store().versions("run-1/")).isEqualTo(first);

        store().put("run-1/a.json", file("a2", "three!".getBytes(StandardCharsets.UTF_8)));
        Map<String, String> second = store().versions("run-1/");
        assertThat(second.get("run-1/a.json")).isNotEqualTo(first.get("run-1/a.json"));
        assertThat(second.get("run-1/b.json")).isEqualTo(first.get("run-1/b.json"));
        assertThat(store().keys("run-1/")).containsExactly("run-1/a.json", "run-1/b.json");
    }

    @Test
    void deleteAndDeleteAllRemoveOnlyWhatTheyName() throws Exception {
        Path one = file("x", "x".getBytes(StandardCharsets.UTF_8));
        store().put("run-1/a.json", one);
        store().put("run-1/model/b.bin", one);
        store().put("run-2/a.json", one);

        store().delete("run-1/a.json");
        assertThat(store().exists("run-1/a.json")).isFalse();
        assertThat(store().deleteAll("run-1/")).isEqualTo(1);
        assertThat(store().list("")).extracting(ArtifactStore.Entry::key).containsExactly("run-2/a.json");
    }

    @Test
    void keysThatLeaveTheStoreOrNameInProgressFilesAreRefused() throws Exception {
        Path one = file("x", "x".getBytes(StandardCharsets.UTF_8));
        for (String bad : new String[] {"../escape", "/abs", "run-1/../../x", "run-1//x", "run-1/x.tmp", ""}) {
            assertThatThrownBy(() -> store().put(bad, one)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> store().list("../")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReachableStorePassesItsCheck() throws Exception {
        store().check();
        assertThat(store().describe()).isNotBlank();
        assertThat(store().get("run-1/x")).isEqualTo(Optional.empty());
    }
}
