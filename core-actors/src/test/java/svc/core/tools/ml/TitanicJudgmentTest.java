package svc.core.tools.ml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.run.Gate;
import svc.core.run.RunService;
import svc.core.run.RunView;

/**
 * The agents' judgment end to end on Titanic, a table with two leaks known only after the outcome
 * ({@code boat}, {@code body}), under {@code fast_prototype}, with a statement that names no column:
 * the data team asks a person to confirm the target through a manual gate (with the candidates and
 * the evidence in the question), then drops both leaks and the identifier, audits the protected
 * attributes and trains on honest features only.
 */
class TitanicJudgmentTest {

    @TempDir
    static Path home;

    static Platform platform;
    static ActorTestKit probes;
    static RunView done;
    static Gate question;

    @BeforeAll
    static void runIt() throws Exception {
        probes = ActorTestKit.create("probes");
        platform = Platform.start(
                ConfigFactory.parseMap(Map.of("svc.home", home.toString())).withFallback(ConfigFactory.load()),
                StandardParts.create());
        Path dataset = Path.of("../data/titanic/titanic3.csv").toAbsolutePath().normalize();
        RunView run = platform.runs()
                .start(new RunService.StartRequest(
                        "Help the museum understand who made it off the ship alive; sex is protected.",
                        dataset.toString(),
                        null,
                        List.of(),
                        "fast_prototype",
                        null,
                        null,
                        "tester"))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
        question = approveNextGate(run.runId());
        Gate registration = approveNextGate(run.runId());
        assertThat(registration.tool()).isEqualTo("register_model_deployment");
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(180), Duration.ofMillis(200), () -> {
            RunView v = view(run.runId());
            assertThat(v.failure()).isNull();
            assertThat(v.state()).isEqualTo("succeeded");
            return null;
        });
        done = view(run.runId());
    }

    private static Gate approveNextGate(String runId) throws Exception {
        List<Gate> seen = new ArrayList<>();
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(180), Duration.ofMillis(200), () -> {
            RunView v = view(runId);
            assertThat(v.failure()).isNull();
            assertThat(v.state()).isEqualTo("waiting_approval");
            seen.add(v.pendingGates().get(0));
            return null;
        });
        Gate gate = seen.get(seen.size() - 1);
        platform.runs()
                .decide(gate.gateId(), true, "curator@example.com", "yes, survived is the outcome")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        return gate;
    }

    @AfterAll
    static void stop() {
        if (platform != null) {
            platform.close();
        }
        probes.shutdownTestKit();
    }

    static RunView view(String runId) {
        try {
            return platform.runs().get(runId).toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private JsonNode json(String name) throws Exception {
        return Json.parse(
                Files.readString(platform.settings().runDir(done.runId()).resolve(name)));
    }

    @Test
    void anUnclearTargetIsPutToAPersonAtAManualGateWithTheCandidates() throws Exception {
        assertThat(question.type()).isEqualTo("manual");
        assertThat(question.tool()).isEqualTo("request_approval");
        JsonNode target = json("target.json");
        assertThat(target.path("target").asText()).isEqualTo("survived");
        assertThat(target.path("clear").asBoolean()).isFalse();
        assertThat(target.path("candidates").get(0).path("column").asText()).isEqualTo("survived");
        JsonNode asked = json("work/approvals/data_roles.json");
        assertThat(asked.path("proposal").path("target").asText()).isEqualTo("survived");
        assertThat(asked.path("candidates").size()).isGreaterThan(1);
        assertThat(asked.path("question").asText()).contains("'survived'");
    }

    @Test
    void bothLeaksAreNamedWithTheirEvidenceAndDroppedAndTheModelSaysSo() throws Exception {
        JsonNode leakage = json("leakage.json");
        assertThat(leakage.path("leaky_columns"))
                .extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("boat", "body");
        for (JsonNode f : leakage.path("findings")) {
            if (List.of("boat", "body").contains(f.path("column").asText())) {
                assertThat(f.path("kind").asText()).isEqualTo("presence_depends_on_target");
                assertThat(f.path("confidence").asText()).isEqualTo("high");
                assertThat(f.path("action").asText()).isEqualTo("dropped");
                assertThat(f.path("evidence").path("class_share_where_present").asDouble())
                        .isGreaterThan(0.95);
            }
        }
        JsonNode metrics = json("metrics.json");
        assertThat(metrics.path("target").asText()).isEqualTo("survived");
        assertThat(metrics.path("dropped_columns"))
                .extracting(d -> d.path("column").asText())
                .contains("boat", "body", "name");
        assertThat(json("model/manifest.json").path("dropped_columns"))
                .extracting(d -> d.path("column").asText())
                .contains("boat", "body");
        assertThat(json("model/manifest.json").path("features"))
                .extracting(f -> f.path("name").asText())
                .doesNotContain("boat", "body", "survived");
        // with the leaks the test AUC is about 0.98; honest features give far less
        assertThat(metrics.path("test").path("roc_auc").asDouble()).isBetween(0.75, 0.95);
    }

    @Test
    void theFairnessAuditCoversTheProtectedAttributes() throws Exception {
        assertThat(json("fairness.json").path("attributes"))
                .extracting(a -> a.path("attribute").asText())
                .containsExactlyInAnyOrder("sex", "age");
    }
}
