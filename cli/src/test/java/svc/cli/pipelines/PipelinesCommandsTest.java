package svc.cli.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.client.Terminal;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/** The pipelines commands against the real server, one real ML run on German Credit included. */
@ExtendWith(LiveServer.Extension.class)
class PipelinesCommandsTest {

    private static final String PROBLEM =
            "Predict whether a loan applicant is a good or a bad credit risk, fairly across sex.";

    /** A terminal nobody types on: enough to turn the progress prefix on. */
    private static final Terminal SCREEN = new Terminal() {
        @Override
        public String readLine(String prompt) {
            throw new AssertionError("unexpected prompt " + prompt);
        }

        @Override
        public char[] readPassword(String prompt) {
            throw new AssertionError("unexpected prompt " + prompt);
        }
    };

    private final LiveServer server;
    private final Cli cli;

    PipelinesCommandsTest(LiveServer server) {
        this.server = server;
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    /**
     * {@code fast_prototype} with a manual review before deploy. Registering a deployment needs a
     * human approval under every profile, and {@code fast_prototype} alone has no gate to give one,
     * so the review gate is what lets this run reach {@code succeeded}.
     */
    private static final String FAST_REVIEWED = """
      name: fast_reviewed
      description: fast_prototype with a manual review before deploy.
      start: prepare_data
      nodes:
        - {id: prepare_data, type: stage, team: data,
           goal: "Profile the dataset, confirm the target and the sensitive attributes, drop identifier and
             leaky columns, and prepare a seeded split."}
        - {id: train, type: stage, team: training,
           goal: "Train a regularised linear model and gradient-boosted trees, each with a small search;
             report validation scores."}
        - {id: evaluate, type: stage, team: evaluation,
           goal: "Select the best candidate on validation, compute its test metrics, audit fairness and
             compute SHAP explanations."}
        - {id: review, type: checkpoint, gate_type: manual}
        - {id: deploy, type: stage, team: deployment,
           goal: "Write the container image definition and the Kubernetes manifests for the chosen model."}
      edges:
        - {source: prepare_data, target: train}
        - {source: train, target: evaluate}
        - {source: evaluate, target: review}
        - {source: review, target: deploy}
      """;

    @Test
    void runFollowStreamsReadableLinesWithProgressAndEndsSucceededWithExit0() throws Exception {
        String problem = PROBLEM + " (" + System.nanoTime() + ")";
        Path workflow = Files.writeString(server.home.resolve("datasets").resolve("fast_reviewed.yaml"), FAST_REVIEWED);
        Cli follower = new Cli().loggedInAsAdmin(server).terminal(SCREEN);
        ExecutorService background = Executors.newSingleThreadExecutor();
        CompletableFuture<Cli.Result> following;
        try {
            following = CompletableFuture.supplyAsync(
                    () -> follower.run(
                            "pipelines",
                            "run",
                            "--dataset",
                            "../data/german_credit/german_credit.csv",
                            "--problem",
                            problem,
                            "--workflow",
                            workflow.toString(),
                            "--target",
                            "credit_risk",
                            "--sensitive",
                            "sex,age",
                            "--follow"),
                    background);
            // the reviewer: approves this run's gates as they open, until the follower is done
            server.eventually(240, () -> {
                for (JsonNode run : cli.run("pipelines", "list", "--state", "waiting_approval", "--limit", "1000")
                        .json()
                        .get("items")) {
                    if (run.get("problem").asText().equals(problem)) {
                        run.get("pending_gates")
                                .forEach(g -> cli.run(
                                        "approvals", "approve", g.get("gate_id").asText(), "--rationale", "reviewed"));
                    }
                }
                assertThat(following.isDone()).isTrue();
            });
        } finally {
            background.shutdown();
        }
        Cli.Result run = following.join();
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).matches("run \\S+ started \\(.*\\); following it.*");
        String runId = lines.get(0).split(" ")[1];
        assertThat(lines.get(lines.size() - 1)).isEqualTo("run " + runId + " succeeded");
        assertThat(lines)
                .anyMatch(l -> l.startsWith("[stage 1/5 prepare_data] ") && l.endsWith("stage prepare_data"))
                .anyMatch(l -> l.startsWith("[stage 4/5 review] ")
                        && l.contains("gate " + runId)
                        && l.contains("(manual) waits for a decision"))
                .anyMatch(l -> l.startsWith("[stage 5/5 deploy] ") && l.endsWith("stage deploy done"))
                .anyMatch(l -> l.contains(" <- task: "))
                .anyMatch(l -> l.contains("-> inspect_dataset("))
                .anyMatch(l -> l.contains(" <- train_model ("));
        assertThat(run.err()).isEmpty();

        JsonNode status = cli.run("pipelines", "status", runId).json();
        assertThat(status.get("state").asText()).isEqualTo("succeeded");
        assertThat(status.get("dataset_path").asText()).isEqualTo(LiveServer.DATASET.toString());
        assertThat(status.get("target").asText()).isEqualTo("credit_risk");
        assertThat(status.get("sensitive_attributes").toString()).isEqualTo("[\"sex\",\"age\"]");

        // the log of a finished run, without a terminal: the same story, no progress prefix
        Cli.Result logs = cli.run("pipelines", "logs", runId);
        assertThat(logs.exitCode()).as(logs.toString()).isEqualTo(ExitCodes.OK);
        List<String> logLines = logs.out().lines().toList();
        assertThat(logLines).anyMatch(l -> l.endsWith("stage deploy done")).noneMatch(l -> l.startsWith("["));
        assertThat(logLines.get(logLines.size() - 1)).isEqualTo("run " + runId + " succeeded");

        server.eventually(30, () -> {
            Cli.Result table = cli.run("pipelines", "list", "--state", "succeeded", "--table");
            assertThat(table.exitCode()).isEqualTo(ExitCodes.OK);
            assertThat(table.out().lines().findFirst().orElseThrow())
                    .startsWith("RUN_ID")
                    .contains("STATE", "TEMPLATE", "PROBLEM");
            assertThat(table.out()).containsPattern(runId + "\\s+succeeded\\s");
        });
        JsonNode page = cli.run("pipelines", "list", "--limit", "1").json();
        assertThat(page.get("limit").asInt()).isEqualTo(1);
        assertThat(page.get("items")).hasSize(1);
        assertThat(page.get("total").asInt()).isGreaterThanOrEqualTo(1);

        Cli.Result cancel = cli.run("pipelines", "cancel", runId);
        assertThat(cancel.exitCode()).as("cancelling a finished run").isEqualTo(ExitCodes.SERVER);
        assertThat(cancel.err()).contains("HTTP 409");
    }

    @Test
    void aCancelledRunFollowsToExit1() {
        Cli.Result started =
                cli.run("pipelines", "run", "--dataset", LiveServer.DATASET.toString(), "--problem", PROBLEM);
        assertThat(started.exitCode()).as(started.toString()).isEqualTo(ExitCodes.OK);
        String runId = started.json().get("run_id").asText();
        assertThat(started.json().get("template").asText()).isEqualTo("default_ml_pipeline");

        Cli.Result cancel = cli.run("pipelines", "cancel", runId);
        assertThat(cancel.exitCode()).as(cancel.toString()).isEqualTo(ExitCodes.OK);
        assertThat(cancel.json().get("state").asText()).isEqualTo("cancelled");

        Cli.Result follow = cli.run("pipelines", "logs", runId, "--follow");
        assertThat(follow.exitCode()).as(follow.toString()).isEqualTo(ExitCodes.FAILURE);
        assertThat(follow.out().lines().reduce((a, b) -> b).orElseThrow()).startsWith("run " + runId + " cancelled");
    }

    @Test
    void anUnknownRunExits4WithTheProblemsDetailAndCorrelationId() {
        Cli.Result status = cli.run("pipelines", "status", "no-such-run");
        assertThat(status.exitCode()).isEqualTo(ExitCodes.SERVER);
        String[] lines = status.err().split("\\R");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("svc: Not found: ").contains("no-such-run");
        assertThat(lines[1]).matches("  HTTP 404, correlation id \\S+");

        assertThat(cli.run("pipelines", "resume", "no-such-run").exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(cli.run("pipelines", "logs", "no-such-run", "--follow").exitCode())
                .isEqualTo(ExitCodes.SERVER);
    }

    @Test
    void aServerSideValidationErrorIsPrintedWithExit4() {
        Cli.Result result = cli.run("pipelines", "list", "--state", "sleeping");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(result.err())
                .startsWith("svc: Invalid request: state: must be one of")
                .contains("HTTP 400");
    }
}
