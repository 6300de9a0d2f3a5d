package svc.cli.deployments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;
import svc.config.Json;

/**
 * The deployment commands and {@code svc predict} against the real server: a run's model becomes
 * its name's champion, another candidate of the run is deployed as a challenger, rows are
 * predicted from a JSONL file, the challenger is promoted, and refusals exit non-zero.
 */
@ExtendWith(LiveServer.Extension.class)
class DeploymentsCommandsTest {

    private final LiveServer server;
    private final Cli cli;

    DeploymentsCommandsTest(LiveServer server) {
        this.server = server;
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void deployPredictPromoteRetireAndHistory() throws Exception {
        String name = "cli_credit_" + UUID.randomUUID().toString().substring(0, 8);
        Path dataset = Files.createDirectories(server.home.resolve("datasets")).resolve(name + ".csv");
        Files.copy(LiveServer.DATASET, dataset);
        Cli.Result started = cli.run(
                "pipelines",
                "run",
                "--dataset",
                dataset.toString(),
                "--problem",
                "Predict whether a loan applicant is a good or a bad credit risk.",
                "--template",
                "fast_prototype");
        assertThat(started.exitCode()).as(started.toString()).isEqualTo(ExitCodes.OK);
        String runId = started.json().path("run_id").asText();
        // fast_prototype stops at the registration for a person's approval
        server.eventually(240, () -> {
            JsonNode run = cli.run("pipelines", "status", runId).json();
            assertThat(run.path("pending_gates").size()).as(run.toString()).isGreaterThan(0);
            cli.run(
                    "approvals",
                    "approve",
                    run.path("pending_gates").get(0).path("gate_id").asText());
        });
        server.eventually(
                240,
                () -> assertThat(cli.run("pipelines", "status", runId)
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded"));

        Path runDir = server.home.resolve("runs").resolve(runId);
        JsonNode registered = Json.parse(Files.readString(runDir.resolve("deployment.json")));
        String champion = registered.path("deployment_id").asText();
        String chosen = registered.path("model").asText();
        String other;
        try (Stream<Path> candidates = Files.list(runDir.resolve("candidates"))) {
            other = candidates
                    .map(p -> "model-" + runId.replace("run-", "") + "-"
                            + p.getFileName().toString().replace("+", "-").replace("_", "-"))
                    .filter(id -> !id.equals(chosen))
                    .findFirst()
                    .orElseThrow();
        }

        server.eventually(
                30,
                () -> assertThat(cli.run("deployments", "list", "--table", "--limit", "1000")
                                .out())
                        .contains(name)
                        .contains(champion));
        JsonNode history = cli.run("deployments", "history", name).json();
        assertThat(history.path("champion").path("model").asText()).isEqualTo(chosen);

        Cli.Result deployed = cli.run(
                "deployments",
                "deploy",
                name,
                "--model",
                other,
                "--role",
                "challenger",
                "--traffic",
                "30",
                "--canary",
                "10,50,100,0.05");
        assertThat(deployed.exitCode()).as(deployed.toString()).isEqualTo(ExitCodes.OK);
        String challenger = deployed.json().path("deployment_id").asText();
        assertThat(deployed.json().path("state").asText()).isEqualTo("challenger");
        assertThat(deployed.json().path("canary").path("min_samples").asInt()).isEqualTo(100);
        assertThat(cli.run("deployments", "deploy", name, "--model", other, "--role", "challenger", "--canary", "1,2")
                        .exitCode())
                .isEqualTo(ExitCodes.USAGE);

        Path rows = server.home.resolve(name + "-rows.jsonl");
        List<String> lines = Files.readAllLines(dataset);
        String[] header = lines.get(0).split(",");
        StringBuilder jsonl = new StringBuilder();
        for (String line : lines.subList(1, 8)) {
            String[] values = line.split(",", -1);
            var row = Json.object();
            for (int i = 0; i < header.length - 1; i++) {
                try {
                    row.put(header[i], Double.parseDouble(values[i]));
                } catch (NumberFormatException e) {
                    row.put(header[i], values[i]);
                }
            }
            jsonl.append(Json.write(row)).append('\n');
        }
        Files.writeString(rows, jsonl);
        Cli.Result predicted = cli.run("predict", name, "--file", rows.toString(), "--rows-per-request", "3");
        assertThat(predicted.exitCode()).as(predicted.toString()).isEqualTo(ExitCodes.OK);
        List<JsonNode> answers = predicted.out().lines().map(Json::parse).toList();
        assertThat(answers).hasSize(7);
        assertThat(answers).extracting(a -> a.path("row").asInt()).containsExactly(0, 1, 2, 3, 4, 5, 6);
        assertThat(answers).allSatisfy(a -> {
            assertThat(a.path("deployment_id").asText()).isIn(champion, challenger);
            assertThat(a.path("label").asText()).isIn("good", "bad");
        });

        Cli.Result promoted = cli.run("deployments", "promote", name, challenger);
        assertThat(promoted.exitCode()).as(promoted.toString()).isEqualTo(ExitCodes.OK);
        assertThat(promoted.json().path("champion").path("deployment_id").asText())
                .isEqualTo(challenger);
        assertThat(cli.run("deployments", "history", name, "--table").out())
                .contains("promoted")
                .contains(champion);
        // API refusals (409 retired already, 404 no such name) exit as every API error does
        assertThat(cli.run("deployments", "retire", name, champion).exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(cli.run("predict", "no_such_model", "--file", rows.toString())
                        .exitCode())
                .isEqualTo(ExitCodes.SERVER);
        assertThat(cli.run("deployments").exitCode()).isEqualTo(ExitCodes.USAGE);
    }
}
