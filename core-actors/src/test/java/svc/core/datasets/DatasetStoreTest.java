package svc.core.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Source;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.governance.signing.Digests;

/** The dataset store on a real stream: hashing and counting as bytes pass, the limit, content names. */
class DatasetStoreTest {

    static final ActorTestKit kit = ActorTestKit.create("dataset-store");

    @TempDir
    Path home;

    @AfterAll
    static void stop() {
        kit.shutdownTestKit();
    }

    private DatasetStore store(long limit) {
        Executor blocking = kit.system().executionContext();
        return new DatasetStore(new DatasetSettings(home.resolve("datasets"), limit, Duration.ofMinutes(1)), blocking);
    }

    private DatasetStore.Received receive(DatasetStore store, List<String> chunks) throws Exception {
        return Source.from(chunks)
                .map(ByteString::fromString)
                .runWith(store.receiver(), Materializer.matFromSystem(kit.system()))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    @Test
    void chunksAreHashedAsTheyPassAndTheSameBytesAreKeptOnce() throws Exception {
        DatasetStore store = store(1024);
        List<String> chunks = List.of("a,b\n", "1,2\n", "3,4\n");
        byte[] all = String.join("", chunks).getBytes(StandardCharsets.UTF_8);

        DatasetStore.Received first = receive(store, chunks);
        assertThat(first.sha256()).isEqualTo(Digests.sha256Hex(all));
        assertThat(first.size()).isEqualTo(all.length);
        DatasetStore.Stored kept = store.keep(first, "csv");
        assertThat(kept.existed()).isFalse();
        assertThat(kept.path()).isEqualTo(home.resolve("datasets").resolve(first.sha256() + ".csv"));
        assertThat(Files.readAllBytes(kept.path())).isEqualTo(all);
        assertThat(store.localPath(kept.uri())).contains(kept.path());

        DatasetStore.Received second = receive(store, List.of("a,b\n1,2\n3,4\n"));
        DatasetStore.Stored again = store.keep(second, "csv");
        assertThat(again.existed()).isTrue();
        assertThat(again.uri()).isEqualTo(kept.uri());
        assertThat(Files.exists(second.file())).isFalse();
        assertThat(DatasetStore.datasetId(again.uri(), again.sha256()))
                .isEqualTo(DatasetStore.datasetId(kept.uri(), kept.sha256()))
                .matches("ds-[0-9a-f]{16}");
        assertThat(Files.list(home.resolve("datasets").resolve(".incoming"))).isEmpty();
    }

    @Test
    void anUploadPastTheLimitFailsAndLeavesNothing() {
        DatasetStore store = store(10);
        assertThatThrownBy(() -> receive(store, List.of("0123456", "789", "a")))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(DatasetTooLarge.class);
        assertThat(home.resolve("datasets").resolve(".incoming")).isEmptyDirectory();
        assertThat(store.localPath("file:///no/such/file.csv")).isEmpty();
        assertThat(store.localPath("s3://bucket/x.csv")).isEmpty();
    }
}
