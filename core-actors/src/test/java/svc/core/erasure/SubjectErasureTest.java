package svc.core.erasure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.governance.erasure.ErasureReceipt;
import svc.governance.erasure.InvalidSubjectIdException;
import svc.persistence.lineage.LineageRepository;

/** G15 end to end: a finished run, then a subject erased from its data, lineage and conversations. */
class SubjectErasureTest {

    @TempDir
    Path home;

    private PlatformFixture fx;

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void previewCountsWithoutChangingThenEraseTombstonesRemovesRowsAndCutsLineage() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        Files.writeString(fx.dataset, "id,x,sex,y\ncust.007,1,f,0\ncust-008,2,m,1\ncustX007,3,f,1\n");
        fx.start(Map.of());
        RunView run = fx.startRun(new RunService.StartRequest(
                "Predict y; customer cust.007 asked for a review.",
                fx.dataset.toString(),
                null,
                List.of(),
                "fast_prototype",
                null,
                null,
                "t",
                "cust.007"));
        fx.awaitState(run.runId(), "succeeded");
        Path director = fx.runDir(run.runId()).resolve("conversations/director.jsonl");
        fx.eventually(Duration.ofSeconds(10), () -> {
            try (Connection c = fx.platform.database().connection()) {
                assertThat(new LineageRepository().chainForDeployment(c, "dep-" + run.runId()))
                        .get()
                        .satisfies(chain -> assertThat(chain.datasetId()).isEqualTo("ds-fake"));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            // Four stages, four lines each (task, delegation, its result, the answer): the file is complete.
            assertThat(director).exists();
            try {
                assertThat(Files.readAllLines(director)).hasSize(16);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        List<String> before = Files.readAllLines(director);
        SubjectErasure erasure = new SubjectErasure(fx.platform.database(), home, fx.platform.files(), Runnable::run);

        ErasureReceipt preview =
                erasure.preview("cust.007").toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertThat(preview.dryRun()).isTrue();
        assertThat(preview.verify()).isTrue();
        assertThat(preview.counts().conversationLinesTombstoned()).isPositive();
        // The id is matched literally: "custX007" is not "cust.007".
        assertThat(preview.counts().datasetRows()).isEqualTo(2); // one data row + one lineage dataset
        assertThat(preview.counts().modelsNulled()).isPositive();
        assertThat(Files.readAllLines(director)).isEqualTo(before);

        ErasureReceipt done = erasure.erase("cust.007").toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertThat(done.dryRun()).isFalse();
        assertThat(done.counts()).isEqualTo(preview.counts());
        List<String> after = Files.readAllLines(director);
        assertThat(after).hasSameSizeAs(before);
        for (int i = 0; i < after.size(); i++) {
            JsonNode line = Json.parse(after.get(i));
            assertThat(line.path("seq").asLong()).isEqualTo(i + 1);
            if (before.get(i).contains("cust.007")) {
                assertThat(line.path("content").asText()).isEqualTo("[SUBJECT_DELETED]");
                assertThat(line.path("deleted_subject").asText()).isEqualTo("cust.007");
                assertThat(line.hasNonNull("deleted_at")).isTrue();
            } else {
                assertThat(after.get(i)).isEqualTo(before.get(i));
            }
        }
        assertThat(Files.readString(fx.dataset)).doesNotContain("cust.007,").contains("custX007");
        try (Connection c = fx.platform.database().connection()) {
            var chain = new LineageRepository()
                    .chainForDeployment(c, "dep-" + run.runId())
                    .orElseThrow();
            assertThat(chain.datasetId())
                    .as("the model's dataset reference is nulled")
                    .isNull();
            assertThat(chain.modelId()).isNotNull();
        }
        try (var receipts = Files.list(home.resolve("erasure"))) {
            assertThat(receipts.count()).isEqualTo(1);
        }
    }

    @Test
    void aBlankSubjectIdIsRejected() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        fx.start(Map.of());
        SubjectErasure erasure = new SubjectErasure(fx.platform.database(), home, fx.platform.files(), Runnable::run);
        assertThatThrownBy(() -> erasure.preview("  ").toCompletableFuture().get())
                .hasCauseInstanceOf(InvalidSubjectIdException.class);
    }
}
