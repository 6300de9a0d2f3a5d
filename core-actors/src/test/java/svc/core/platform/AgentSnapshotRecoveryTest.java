package svc.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * Agents snapshot their state into the real snapshot store and recover from it: with a snapshot
 * every few events, a run stopped in the middle of training completes after a restart exactly as
 * one recovered from its events alone does.
 */
class AgentSnapshotRecoveryTest {

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private PlatformFixture fx;

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void agentsRecoverFromTheirSnapshotsAfterARestart() throws Exception {
        stopMidTrainingAndFinish(Map.of("svc.agents.snapshot-every", "3"));
    }

    @Test
    void snapshotsAreSealedLikeEventsWithAtRestEncryption() throws Exception {
        // A fresh 32-byte key: the snapshots go through the same envelope as the events.
        String kek = Base64.getEncoder().encodeToString(new SecureRandom().generateSeed(32));
        stopMidTrainingAndFinish(
                Map.of("svc.agents.snapshot-every", "3", "svc.at-rest.encryption", "on", "svc.at-rest.kek", kek));
    }

    private void stopMidTrainingAndFinish(Map<String, Object> settings) throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        fx = new PlatformFixture(home, tools);
        fx.start(settings);
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        fx.eventually(Duration.ofSeconds(10), () -> assertThat(agentSnapshots()).isPositive());
        fx.stop();
        tools.holdTraining.countDown();
        tools.holdTraining = null;

        fx.start(settings);
        fx.awaitState(run.runId(), "succeeded");
        assertThat(tools.callsTo(run.runId(), "inspect_dataset"))
                .as("finished steps are not run again")
                .isEqualTo(1);
        // The interrupted training call had no recorded result, so it ran again, then the second learner.
        assertThat(tools.callsTo(run.runId(), "train_model")).isEqualTo(3);
        fx.eventually(Duration.ofSeconds(10), () -> assertContiguous(run.runId()));
    }

    /** In the stage brief the director's conversation starts with. */
    private static final String PROBLEM = "Predict y from x.";

    private long snapshotsContaining(String text) {
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        long found = 0;
        try (Connection c = fx.platform.database().connection();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT snapshot_payload FROM snapshot WHERE persistence_id LIKE 'agent|%'");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                byte[] payload = rs.getBytes(1);
                for (int i = 0; i + needle.length <= payload.length; i++) {
                    if (Arrays.equals(payload, i, i + needle.length, needle, 0, needle.length)) {
                        found++;
                        break;
                    }
                }
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return found;
    }

    private long agentSnapshots() {
        try (Connection c = fx.platform.database().connection();
                PreparedStatement ps =
                        c.prepareStatement("SELECT COUNT(*) FROM snapshot WHERE persistence_id LIKE 'agent|%'");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    /** Read through the store: with encryption on, a finished run's clear working copy may be swept already. */
    private void assertContiguous(String runId) {
        try {
            var store = fx.platform.files().store();
            int agents = 0;
            for (String key : store.keys(runId + "/conversations/")) {
                if (!key.endsWith(".jsonl")) {
                    continue;
                }
                agents++;
                List<String> lines;
                try (var in = store.get(key).orElseThrow()) {
                    lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList();
                }
                for (int i = 0; i < lines.size(); i++) {
                    JsonNode line = Json.parse(lines.get(i));
                    assertThat(line.path("seq").asLong())
                            .as("%s line %d", key, i + 1)
                            .isEqualTo(i + 1);
                }
            }
            assertThat(agents).isGreaterThan(10);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
