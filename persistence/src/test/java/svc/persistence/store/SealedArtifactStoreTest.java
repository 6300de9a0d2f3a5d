package svc.persistence.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.governance.crypto.DecryptionException;
import svc.governance.signing.Digests;
import svc.persistence.crypto.AtRest;

/** The contract on a sealed directory store, and what sealing adds: envelopes on disk, clear files still read. */
class SealedArtifactStoreTest extends ArtifactStoreContract {

    static final String KEK = key('k');
    static final String OTHER = key('o');

    @TempDir
    Path home;

    private ArtifactStore store;

    static String key(char c) {
        return Base64.getEncoder().encodeToString(String.valueOf(c).repeat(32).getBytes(StandardCharsets.US_ASCII));
    }

    static Config config(Path home, Map<String, String> extra) {
        Map<String, String> m = new HashMap<>(
                Map.of("svc.home", home.toString(), "svc.at-rest.encryption", "on", "svc.at-rest.kek", KEK));
        m.putAll(extra);
        return ConfigFactory.parseMap(m).withFallback(ConfigFactory.load());
    }

    @BeforeEach
    void open() {
        store = ArtifactStoreSettings.fromConfig(config(home, Map.of())).open();
    }

    @Override
    ArtifactStore store() {
        return store;
    }

    @Test
    void withEncryptionOnTheDirectoryHoldsEnvelopesAndToolsGetANodeLocalWorkingCopy() throws Exception {
        ArtifactStoreSettings s = ArtifactStoreSettings.fromConfig(config(home, Map.of()));
        assertThat(s.storeDir()).isEqualTo(home.resolve("runs").toAbsolutePath());
        assertThat(s.runsRoot()).isEqualTo(home.resolve("work/runs").toAbsolutePath());
        WorkingCopy copy = WorkingCopy.open(s);
        assertThat(copy.direct()).isFalse();

        Path local = copy.runDir("r-1").resolve("conversations/director.jsonl");
        Files.createDirectories(local.getParent());
        Files.writeString(local, "{\"seq\":1,\"content\":\"the secret plan of ACME\"}\n");
        copy.push("r-1");

        Path onDisk = home.resolve("runs/r-1/conversations/director.jsonl");
        String raw = Files.readString(onDisk, StandardCharsets.ISO_8859_1);
        assertThat(raw).startsWith("SVCSEAL1").doesNotContain("ACME");

        // Another node (its own working copy) pulls the clear text back.
        WorkingCopy other = new WorkingCopy(s.open(), home.resolve("node-b"));
        other.pull("r-1");
        assertThat(Files.readString(home.resolve("node-b/r-1/conversations/director.jsonl")))
                .contains("the secret plan of ACME");
        assertThat(copy.store()
                        .stat("r-1/conversations/director.jsonl")
                        .orElseThrow()
                        .sha256())
                .isEqualTo(Digests.sha256Hex(local));
    }

    @Test
    void aFileWrittenBeforeEncryptionWasSwitchedOnIsReadAsItIs() throws Exception {
        Path clear = home.resolve("runs/r-0/metrics.json");
        Files.createDirectories(clear.getParent());
        Files.writeString(clear, "{\"accuracy\":0.9}");
        assertThat(store.stat("r-0/metrics.json").orElseThrow().size()).isEqualTo(16);
        try (InputStream in = store.get("r-0/metrics.json").orElseThrow()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"accuracy\":0.9}");
        }
        assertThat(store.list("r-0/"))
                .singleElement()
                .satisfies(e -> assertThat(e.sha256()).isEqualTo(Digests.sha256Hex(clear)));
    }

    @Test
    void anotherKeyOrNoKeyGivesAClearErrorNeverGarbage() throws Exception {
        store.put("r-1/model_card.md", new ByteArrayInputStream("# Model card".getBytes(StandardCharsets.UTF_8)));
        ArtifactStore wrongKey = ArtifactStoreSettings.fromConfig(config(home, Map.of("svc.at-rest.kek", OTHER)))
                .open();
        assertThatThrownBy(() -> wrongKey.get("r-1/model_card.md"))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("sealed under key env:");
        assertThatThrownBy(() -> wrongKey.stat("r-1/model_card.md")).isInstanceOf(DecryptionException.class);

        // After a rotation the old key, given as previous, still opens it.
        ArtifactStore rotated = ArtifactStoreSettings.fromConfig(
                        config(home, Map.of("svc.at-rest.kek", OTHER, "svc.at-rest.previous-keks", KEK)))
                .open();
        try (InputStream in = rotated.get("r-1/model_card.md").orElseThrow()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("# Model card");
        }

        // Encryption off: the store is the plain directory, and the sealed bytes are not passed off as content.
        ArtifactStore off = ArtifactStoreSettings.fromConfig(config(home, Map.of("svc.at-rest.encryption", "off")))
                .open();
        assertThat(((SealedArtifactStore) off).stored()).isInstanceOf(DirectoryArtifactStore.class);
        assertThat(off.directory()).contains(home.resolve("runs").toAbsolutePath());
        assertThatThrownBy(() -> off.get("r-1/model_card.md"))
                .isInstanceOf(DecryptionException.class)
                .hasMessageContaining("was sealed while at-rest encryption was on");
        assertThat(AtRest.fromConfig(config(home, Map.of("svc.at-rest.encryption", "off")))
                        .on())
                .isFalse();
    }

    @Test
    void aDriverThatIsNotBuiltIsRefusedWithOneClearMessage() {
        assertThatThrownBy(() -> AtRest.fromConfig(config(home, Map.of("svc.at-rest.driver", "sqlcipher"))))
                .hasMessageContaining("at-rest encryption driver sqlcipher (SVC_AT_REST_DRIVER) is not built");
        assertThatThrownBy(() -> AtRest.fromConfig(config(
                        home, Map.of("svc.at-rest.driver", "postgres_pgcrypto", "svc.at-rest.encryption", "off"))))
                .hasMessageContaining("postgres_pgcrypto");
        assertThat(AtRest.fromConfig(config(home, Map.of("svc.at-rest.driver", "sqlite_host_fs_only")))
                        .driver()
                        .wireName())
                .isEqualTo("sqlite_host_fs_only");
    }
}
