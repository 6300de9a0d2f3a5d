package svc.core.tools.ml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.CoreSettings;
import svc.core.governance.DriftPolicy;
import svc.core.task.DeploymentPort;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolResult;

/**
 * {@code compute_drift} judges PSI by the bands of the run's profile: the deployment's in force
 * ({@code svc.governance.drift.*}) for its template's profile, the template's for any other.
 */
class DriftBandsTest {

    @TempDir
    Path home;

    @Test
    void theDeploymentsBandsDecideTheBandOfARunUnderItsProfileAndTheTemplatesOfAnother() throws Exception {
        CoreSettings settings = CoreSettings.fromConfig(
                ConfigFactory.parseString("""
                svc.home = "%s"
                svc.governance { template = generic_ml, drift { watch-psi = 0.0001, block-psi = 0.0002 } }
                """.formatted(home.toString().replace("\\", "/")))
                        .withFallback(ConfigFactory.load()));
        DriftPolicy policy = new DriftPolicy(settings.governance(), settings.defaultProfile());
        assertThat(policy.of("generic_ml").significant()).isEqualTo(0.0002);
        assertThat(policy.of("bfsi_baseline").significant())
                .as("its template's")
                .isEqualTo(0.25);
        ToolRegistry tools = StandardTools.registry(AuditSigner.UNSIGNED, List.of(), DeploymentPort.NONE, policy);

        JsonNode deployment = drift(tools, prepared(settings, "run-deployment", "default"));
        assertThat(deployment.path("block_psi").asDouble()).isEqualTo(0.0002);
        assertThat(deployment.path("band").asText()).isEqualTo("significant");

        JsonNode template = drift(tools, prepared(settings, "run-bfsi", "bfsi_baseline"));
        assertThat(template.path("block_psi").asDouble()).isEqualTo(0.25);
        assertThat(template.path("max_psi").asDouble())
                .as("the same data and split: only the bands differ")
                .isEqualTo(deployment.path("max_psi").asDouble());
        assertThat(template.path("band").asText()).isNotEqualTo("significant");
        assertThat(Json.parse(Files.readString(settings.runDir("run-bfsi").resolve("drift.json")))
                        .path("thresholds")
                        .path("significant")
                        .asDouble())
                .isEqualTo(0.25);
    }

    private static ToolContext prepared(CoreSettings settings, String runId, String profile) throws Exception {
        Path dir = Files.createDirectories(settings.runDir(runId));
        Path dataset = Path.of("../data/german_credit/german_credit.csv")
                .toAbsolutePath()
                .normalize();
        Files.writeString(
                dir.resolve("run.json"),
                Json.write(Json.object()
                        .put("runId", runId)
                        .put("profile", profile)
                        .put("problem", "Predict credit_risk.")
                        .put("datasetPath", dataset.toString())));
        return new ToolContext(runId, "data-profiler", dir, Map.of());
    }

    private static JsonNode drift(ToolRegistry tools, ToolContext ctx) throws Exception {
        ok(tools.find("inspect_dataset").orElseThrow().invoke(ctx, Json.object()));
        ok(tools.find("prepare_dataset").orElseThrow().invoke(ctx, Json.object().put("target", "credit_risk")));
        return Json.parse(ok(tools.find("compute_drift").orElseThrow().invoke(ctx, Json.object()))
                .contentJson());
    }

    private static ToolResult ok(ToolResult r) {
        assertThat(r.ok()).as(r.contentJson()).isTrue();
        return r;
    }
}
