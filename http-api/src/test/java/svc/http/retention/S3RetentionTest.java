package svc.http.retention;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.retention.Deletion;
import svc.core.retention.SweepReport;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.http.testing.S3TestServer;
import svc.http.testing.TestServer;
import svc.persistence.store.ArtifactStore;

/**
 * Retention with run files in S3 (s3proxy): a finished run's conversation files and audit PDF go
 * from the bucket and from the sweeping node's working copy, and the log names their store keys.
 */
class S3RetentionTest {

    @TempDir
    Path blobs;

    @TempDir
    Path home;

    @Test
    void prunedFilesLeaveTheBucketAndTheWorkingCopy() throws Exception {
        ActorTestKit probes = ActorTestKit.create("s3-retention-probes");
        try (S3TestServer s3 = S3TestServer.start(blobs, "svc-runs");
                Platform platform = Platform.start(
                        ConfigFactory.parseMap(Map.of(
                                        "svc.home",
                                        home.toString(),
                                        "svc.cron.scheduler",
                                        "off",
                                        "svc.artifact-store",
                                        "s3://svc-runs/retention",
                                        "svc.s3.endpoint",
                                        s3.endpoint(),
                                        // Only retention removes files here (the working-copy sweep
                                        // of finished runs is WorkingCopySweepTest's).
                                        "svc.working-copy.sweep-interval",
                                        "1h"))
                                .withFallback(ConfigFactory.load()),
                        StandardParts.create())) {
            RunView run = platform.runs()
                    .start(new RunService.StartRequest(
                            "Predict whether a loan applicant is a good or a bad credit risk.",
                            TestServer.DATASET.toString(),
                            null,
                            List.of(),
                            "parallel_research",
                            null,
                            null,
                            "tester"))
                    .toCompletableFuture()
                    .get(20, TimeUnit.SECONDS);
            String runId = run.runId();
            platform.runs().cancel(runId, "tester").toCompletableFuture().get(10, TimeUnit.SECONDS);
            probes.createTestProbe().awaitAssert(Duration.ofSeconds(30), Duration.ofMillis(100), () -> {
                assertThat(platform.runs()
                                .list("cancelled", 10, 0)
                                .toCompletableFuture()
                                .join()
                                .items())
                        .extracting(r -> r.runId())
                        .contains(runId);
                return null;
            });
            // The agents stop at their next step after the cancel, and their last conversation lines
            // reach the files through their own projection (in groups, up to a second apart): sweep
            // only once the run's agents have journaled nothing for two seconds and those events are
            // projected, or their lines would bring the swept files back.
            long[] seen = {-1, 0}; // the run's last agent event, and when it was first seen
            probes.createTestProbe().awaitAssert(Duration.ofSeconds(60), Duration.ofMillis(200), () -> {
                long[] state = agentEvents(platform, runId);
                long now = System.nanoTime();
                if (state[0] != seen[0]) {
                    seen[0] = state[0];
                    seen[1] = now;
                }
                assertThat(Duration.ofNanos(now - seen[1])).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
                assertThat(state[1]).as("conversation projection offset").isGreaterThanOrEqualTo(state[0]);
                return null;
            });
            ArtifactStore store = platform.files().store();
            for (String name : List.of("audit.pdf", "conversations/director.jsonl")) {
                Path local = platform.files().runDir(runId).resolve(name);
                Files.createDirectories(local.getParent());
                Files.writeString(local, name);
                store.put(runId + "/" + name, new ByteArrayInputStream(name.getBytes(StandardCharsets.UTF_8)));
            }
            try (Connection c = platform.database().connection();
                    PreparedStatement ps = c.prepareStatement("UPDATE runs SET updated_at = ? WHERE run_id = ?")) {
                ps.setTimestamp(1, Timestamp.from(Instant.now().minus(Duration.ofDays(400))));
                ps.setString(2, runId);
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }

            SweepReport report = platform.retention().sweepNow(Instant.now(), false);
            assertThat(report.failures()).isEmpty();
            assertThat(report.deletions())
                    .filteredOn(d -> d.path() != null)
                    .extracting(Deletion::path)
                    .contains(runId + "/audit.pdf", runId + "/conversations/director.jsonl");
            assertThat(store.exists(runId + "/audit.pdf")).isFalse();
            assertThat(store.keys(runId + "/conversations/")).isEmpty();
            assertThat(platform.files().runDir(runId).resolve("audit.pdf")).doesNotExist();
            assertThat(platform.files().runDir(runId).resolve("conversations")).doesNotExist();
            assertThat(home.resolve("retention_log.json")).content().contains(runId + "/audit.pdf");
        } finally {
            probes.shutdownTestKit();
        }
    }

    /** The ordering of the run's last agent event, and the conversation projection's offset. */
    private static long[] agentEvents(Platform platform, String runId) throws SQLException {
        try (Connection c = platform.database().connection()) {
            long journaled;
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT COALESCE(MAX(ordering), 0) FROM event_journal WHERE persistence_id LIKE ?")) {
                ps.setString(1, "agent|" + runId + "|%");
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    journaled = rs.getLong(1);
                }
            }
            long handled = 0;
            try (PreparedStatement ps = c.prepareStatement(
                            "SELECT current_offset FROM pekko_projection_offset_store WHERE projection_name = ?");
                    ResultSet rs = setString(ps, "conversations").executeQuery()) {
                while (rs.next()) {
                    handled = Math.max(handled, Long.parseLong(rs.getString(1)));
                }
            }
            return new long[] {journaled, handled};
        }
    }

    private static PreparedStatement setString(PreparedStatement ps, String value) throws SQLException {
        ps.setString(1, value);
        return ps;
    }
}
