package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * Crash safety: the actor system stops in the middle of a run and a new one on the same database
 * finishes it, without re-running finished steps and without losing or duplicating a line.
 */
class RunRecoveryTest {

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private PlatformFixture fx;

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void aRunStoppedInTheMiddleOfTrainingCompletesAfterARestart() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        fx = new PlatformFixture(home, tools);
        fx.start(Map.of());
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        fx.stop();
        tools.holdTraining.countDown();
        tools.holdTraining = null;
        assertThat(tools.callsTo(run.runId(), "inspect_dataset")).isEqualTo(1);
        Map<String, Integer> linesBefore = lineCounts(run.runId());

        fx.start(Map.of());
        fx.awaitState(run.runId(), "succeeded");
        assertThat(tools.callsTo(run.runId(), "inspect_dataset"))
                .as("finished steps are not run again")
                .isEqualTo(1);
        assertThat(tools.callsTo(run.runId(), "prepare_dataset")).isEqualTo(1);
        // The interrupted training call had no recorded result, so it ran again, then the second learner.
        assertThat(tools.callsTo(run.runId(), "train_model")).isEqualTo(3);

        fx.eventually(Duration.ofSeconds(10), () -> {
            Map<String, Integer> after = lineCounts(run.runId());
            assertThat(after).containsKey("container-builder");
            linesBefore.forEach(
                    (agent, n) -> assertThat(after.get(agent)).as(agent).isGreaterThanOrEqualTo(n));
            assertContiguous(run.runId());
        });
        // The profiler's conversation ended before the crash: one task, one call, one result, one answer.
        assertThat(lineCounts(run.runId())).containsEntry("data-profiler", 4);
    }

    @Test
    void aRunWaitingAtAGateIsResumedByAnApprovalAfterARestart() throws Exception {
        fx = new PlatformFixture(home, tools);
        fx.start(Map.of());
        RunView run = fx.startRun("default_ml_pipeline");
        fx.awaitState(run.runId(), "waiting_approval");
        String gateId = fx.view(run.runId()).pendingGates().get(0).gateId();
        fx.eventually(
                Duration.ofSeconds(10),
                () -> assertThat(fx.pendingGates(run.runId())).hasSize(1));
        fx.stop();

        fx.start(Map.of());
        fx.platform
                .runs()
                .decide(gateId, true, "ops", "ok")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        fx.awaitState(run.runId(), "succeeded");
        assertThat(tools.callsTo(run.runId(), "inspect_dataset")).isEqualTo(1);
        assertThat(tools.callsTo(run.runId(), "build_container_image")).isEqualTo(1);
        fx.eventually(Duration.ofSeconds(10), () -> assertContiguous(run.runId()));
    }

    private Map<String, Integer> lineCounts(String runId) {
        Map<String, Integer> counts = new HashMap<>();
        Path dir = fx.runDir(runId).resolve("conversations");
        if (!Files.isDirectory(dir)) {
            return counts;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.jsonl")) {
            for (Path f : files) {
                counts.put(
                        f.getFileName().toString().replace(".jsonl", ""),
                        Files.readAllLines(f).size());
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return counts;
    }

    private void assertContiguous(String runId) {
        try (DirectoryStream<Path> files =
                Files.newDirectoryStream(fx.runDir(runId).resolve("conversations"), "*.jsonl")) {
            for (Path f : files) {
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    JsonNode line = Json.parse(lines.get(i));
                    assertThat(line.path("seq").asLong())
                            .as("%s line %d", f.getFileName(), i + 1)
                            .isEqualTo(i + 1);
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
