package svc.persistence.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract against s3proxy, through the same settings and SDK client the server uses. */
class S3ArtifactStoreTest extends ArtifactStoreContract {

    @TempDir
    static Path blobs;

    static S3TestServer server;

    private ArtifactStore store;

    @BeforeAll
    static void startServer() throws Exception {
        server = S3TestServer.start(blobs, "svc-runs");
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    static ArtifactStoreSettings settings(String location, String endpoint) {
        return ArtifactStoreSettings.fromConfig(ConfigFactory.parseMap(Map.of(
                        "svc.home", "/tmp/svc-s3-test-home",
                        "svc.artifact-store", location,
                        "svc.s3.endpoint", endpoint))
                .withFallback(ConfigFactory.load()));
    }

    @BeforeEach
    void open() {
        // A fresh prefix per test: the bucket is shared, the store under it is empty.
        store = settings("s3://svc-runs/t-" + UUID.randomUUID(), server.endpoint())
                .open();
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Override
    ArtifactStore store() {
        return store;
    }

    @Test
    void theSettingsNameBucketPrefixAndTheWorkingCopyUnderTheHome() {
        ArtifactStoreSettings s = settings("s3://svc-runs/team/a/", server.endpoint());
        assertThat(s.kind()).isEqualTo(ArtifactStoreSettings.Kind.S3);
        assertThat(s.s3Bucket()).isEqualTo("svc-runs");
        assertThat(s.s3Prefix()).isEqualTo("team/a");
        assertThat(s.runsRoot()).isEqualTo(Path.of("/tmp/svc-s3-test-home/runs"));
        assertThat(((SealedArtifactStore) s.open()).stored()).isInstanceOf(S3ArtifactStore.class);
    }

    @Test
    void aMissingBucketFailsTheCheckWithTheStoreNamed() {
        try (ArtifactStore missing =
                settings("s3://no-such-bucket/x", server.endpoint()).open()) {
            assertThatThrownBy(missing::check)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("s3://no-such-bucket/");
        }
    }
}
