package svc.cli.models;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/**
 * {@code svc datasets}, {@code svc models} and {@code svc reports costs} against the real server:
 * a dataset uploaded from this machine, a run started from its id, its model listed and shown, and
 * the run's spend in the costs report.
 */
@ExtendWith(LiveServer.Extension.class)
class RegistryCommandsTest {

    private static final String PROBLEM = "Predict good or bad credit risk from the uploaded file, fairly across sex";

    private final LiveServer server;
    private final Cli cli;

    RegistryCommandsTest(LiveServer server) {
        this.server = server;
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void uploadRunListShowAndCost() throws Exception {
        Cli.Result uploaded = cli.run("datasets", "upload", LiveServer.DATASET.toString(), "--consent-doc-ref", "c-1");
        assertThat(uploaded.exitCode()).as(uploaded.toString()).isEqualTo(ExitCodes.OK);
        String datasetId = uploaded.json().path("dataset_id").asText();
        assertThat(datasetId).matches("ds-[0-9a-f]{16}");
        assertThat(uploaded.json().path("name").asText()).isEqualTo("german_credit.csv");
        assertThat(uploaded.json().path("consent_doc_ref").asText()).isEqualTo("c-1");
        Cli.Result again = cli.run("datasets", "upload", LiveServer.DATASET.toString(), "--name", "other.csv");
        assertThat(again.json().path("dataset_id").asText()).isEqualTo(datasetId);

        Path noExtension = Files.createTempFile("rows", ".data");
        Files.writeString(noExtension, "a,b\n1,2\n");
        Cli.Result unknown = cli.run("datasets", "upload", noExtension.toString());
        assertThat(unknown.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.err()).contains("give --format");
        Files.writeString(noExtension, "a,b\n1,2\n3\n");
        Cli.Result ragged = cli.run("datasets", "upload", noExtension.toString(), "--format", "csv");
        assertThat(ragged.exitCode()).as(ragged.toString()).isEqualTo(ExitCodes.SERVER);
        assertThat(ragged.err()).contains("line 3: expected 2 fields as in the header, found 1");
        assertThat(cli.run("datasets", "upload", "no-such-file.csv").exitCode()).isEqualTo(ExitCodes.USAGE);

        assertThat(cli.run("datasets", "list", "--table").out()).contains(datasetId, "german_credit.csv");
        assertThat(cli.run("datasets", "show", datasetId).json().path("sha256").asText())
                .hasSize(64);

        Cli.Result both =
                cli.run("pipelines", "run", "--dataset", "x.csv", "--dataset-id", datasetId, "--problem", PROBLEM);
        assertThat(both.exitCode()).isEqualTo(ExitCodes.USAGE);
        Cli.Result started = cli.run(
                "pipelines",
                "run",
                "--dataset-id",
                datasetId,
                "--problem",
                PROBLEM,
                "--template",
                "fast_prototype",
                "--sensitive",
                "sex");
        assertThat(started.exitCode()).as(started.toString()).isEqualTo(ExitCodes.OK);
        String runId = started.json().path("run_id").asText();
        assertThat(started.json().path("dataset_id").asText()).isEqualTo(datasetId);
        // the reviewer: approves the run's gates as they open, until it has succeeded
        server.eventually(240, () -> {
            JsonNode run = cli.run("pipelines", "status", runId).json();
            run.path("pending_gates")
                    .forEach(g ->
                            cli.run("approvals", "approve", g.get("gate_id").asText(), "--rationale", "reviewed"));
            assertThat(run.path("state").asText()).isEqualTo("succeeded");
        });

        String[] modelId = new String[1];
        server.eventually(30, () -> {
            JsonNode models = cli.run("models", "list", "--run", runId).json();
            assertThat(models.path("total").asInt()).isEqualTo(1);
            modelId[0] = models.path("items").get(0).path("model_id").asText();
        });
        assertThat(cli.run("models", "list", "--dataset", datasetId, "--table").out())
                .contains(modelId[0], "ACCURACY");
        Cli.Result shown = cli.run("models", "show", modelId[0]);
        assertThat(shown.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(shown.json().path("metrics").path("test").path("accuracy").isNumber())
                .isTrue();
        assertThat(shown.json()
                        .path("lineage")
                        .path("dataset")
                        .path("dataset_id")
                        .asText())
                .isEqualTo(datasetId);
        Cli.Result card = cli.run("models", "show", modelId[0], "--card");
        assertThat(card.exitCode()).as("fast_prototype writes no model card").isEqualTo(ExitCodes.FAILURE);
        assertThat(card.err().lines()).hasSize(1);
        assertThat(cli.run("models", "show", "model-none").exitCode()).isEqualTo(ExitCodes.SERVER);

        String today = LocalDate.now(ZoneOffset.UTC).toString();
        server.eventually(30, () -> {
            Cli.Result costs =
                    cli.run("reports", "costs", "--from", today, "--to", today, "--group-by", "run", "--table");
            assertThat(costs.exitCode()).as(costs.toString()).isEqualTo(ExitCodes.OK);
            assertThat(costs.out()).contains("RUN", "COST_USD", runId).containsPattern("total \\d+\\.\\d{6} USD");
        });
        JsonNode report = cli.run("reports", "costs", "--group-by", "provider").json();
        assertThat(report.path("group_by").asText()).isEqualTo("provider");
        assertThat(report.path("total_usd").asDouble()).isPositive();
        assertThat(cli.run("reports", "costs", "--group-by", "team").exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("reports", "costs", "--from", "last week").exitCode())
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("models").exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("datasets").exitCode()).isEqualTo(ExitCodes.USAGE);
    }
}
