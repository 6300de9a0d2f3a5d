package svc.http.retention;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.retention.Deletion;
import svc.core.retention.SweepReport;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.http.testing.ConversationsWritten;
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
                                        s3.endpoint()))
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
            // The cancelled run's agents may still journal their last step, and the conversation
            // projection writes it later: the sweep must come after, or the projection writes the
            // files again behind it. Quiet means caught up twice in a row with nothing new journaled.
            AtomicReference<ConversationsWritten.Offsets> seen = new AtomicReference<>();
            probes.createTestProbe().awaitAssert(Duration.ofSeconds(60), Duration.ofMillis(500), () -> {
                ConversationsWritten.Offsets now = ConversationsWritten.offsets(platform);
                ConversationsWritten.Offsets before = seen.getAndSet(now);
                assertThat(now.caughtUp())
                        .as("conversation projection caught up")
                        .isTrue();
                assertThat(before).as("journal quiet since the last look").isEqualTo(now);
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
}
