package svc.core.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/** With at-rest encryption on, the journal holds envelopes only, and the key is needed to read it. */
class AtRestEncryptionTest {

    @TempDir
    Path home;

    private PlatformFixture fx;
    private static final String KEK =
            Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final String OTHER_KEK =
            Base64.getEncoder().encodeToString("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));

    @AfterEach
    void stop() {
        fx.close();
    }

    private Map<String, Object> encrypted(String kek) {
        return Map.of("svc.at-rest.encryption", "on", "svc.at-rest.kek", kek);
    }

    @Test
    void theJournalHoldsOnlyEnvelopesAndARestartWithTheKeyReadsItBack() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(encrypted(KEK));
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "succeeded");

        List<String> payloads = new ArrayList<>();
        try (Connection c = fx.platform.database().connection();
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT event_payload, event_ser_id FROM event_journal WHERE persistence_id "
                                + "LIKE 'run|%' OR persistence_id LIKE 'agent|%'")) {
            while (rs.next()) {
                assertThat(rs.getInt(2)).isEqualTo(EncryptedCborSerializer.IDENTIFIER);
                payloads.add(new String(rs.getBytes(1), StandardCharsets.ISO_8859_1));
            }
        }
        assertThat(payloads).isNotEmpty();
        assertThat(payloads).allSatisfy(p -> {
            assertThat(p)
                    .doesNotContain("Predict y from x")
                    .doesNotContain("inspect_dataset")
                    .doesNotContain("director");
            assertThat(p).contains("AES-256-GCM");
        });

        fx.stop();
        fx.start(encrypted(KEK));
        assertThat(fx.view(run.runId()).state()).isEqualTo("succeeded");
        assertThat(fx.view(run.runId()).problem()).isEqualTo("Predict y from x.");
    }

    @Test
    void anotherKeyCannotReadTheJournal() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(encrypted(KEK));
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "succeeded");
        fx.stop();

        fx.start(encrypted(OTHER_KEK));
        assertThatThrownBy(() -> fx.view(run.runId())).isInstanceOf(AssertionError.class);
    }

    @Test
    void afterARotationThePreviousKeyOpensOldDataAndNewDataIsSealedUnderTheNewKey() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(encrypted(KEK));
        RunView old = fx.startRun("fast_prototype");
        fx.awaitState(old.runId(), "succeeded");
        awaitConversation(old.runId());
        fx.stop();

        fx.start(
                Map.of("svc.at-rest.encryption", "on", "svc.at-rest.kek", OTHER_KEK, "svc.at-rest.previous-keks", KEK));
        assertThat(fx.view(old.runId()).problem()).isEqualTo("Predict y from x.");
        try (InputStream in = fx.platform.runs().openArtifact(old.runId(), "conversations/director.jsonl")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("\"seq\":1");
        }
        RunView fresh = fx.startRun("fast_prototype");
        fx.awaitState(fresh.runId(), "succeeded");
        awaitConversation(fresh.runId());
        String oldKeyId = keyIdIn(old.runId());
        String newKeyId = keyIdIn(fresh.runId());
        assertThat(oldKeyId).isNotEqualTo(newKeyId);
        try (Connection c = fx.platform.database().connection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT run_id, problem FROM runs")) {
            while (rs.next()) {
                assertThat(rs.getString(2))
                        .startsWith("svcenc:1:")
                        .doesNotContain("Predict")
                        .contains(rs.getString(1).equals(old.runId()) ? oldKeyId : newKeyId);
            }
        }
    }

    /** The read side caught up with the run (its row says succeeded) and its conversation file is stored. */
    private void awaitConversation(String runId) {
        fx.eventually(Duration.ofSeconds(30), () -> {
            assertThat(Files.exists(home.resolve("runs").resolve(runId).resolve("conversations/director.jsonl")))
                    .isTrue();
            try (Connection c = fx.platform.database().connection();
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT state FROM runs WHERE run_id = '" + runId + "'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("succeeded");
            } catch (SQLException e) {
                throw new AssertionError(e);
            }
        });
    }

    /**
     * The key id in the header of the run's sealed run.json (written once, at the start), read from
     * the store's bytes on disk; its conversation file is sealed too, with no plaintext.
     */
    private String keyIdIn(String runId) throws Exception {
        Path dir = home.resolve("runs").resolve(runId);
        assertThat(Files.readString(dir.resolve("conversations/director.jsonl"), StandardCharsets.ISO_8859_1))
                .startsWith("SVCSEAL1")
                .doesNotContain("director\"")
                .doesNotContain("Predict");
        String raw = Files.readString(dir.resolve("run.json"), StandardCharsets.ISO_8859_1);
        assertThat(raw).startsWith("SVCSEAL1").doesNotContain("Predict");
        Matcher m = Pattern.compile("\"kek_id\":\"([^\"]+)\"").matcher(raw);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }
}
