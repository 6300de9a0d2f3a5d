package svc.cli.approvals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/**
 * Approval gates through the CLI on the real server. The runs use a one-node customer workflow
 * (a manual review gate), so they reach their gate at once and end right after the decision.
 */
@ExtendWith(LiveServer.Extension.class)
class ApprovalsCommandsTest {

    private static final String REVIEW_ONLY = """
      name: review_only
      description: One manual review gate and nothing else.
      start: review
      nodes:
        - id: review
          type: checkpoint
          gate_type: manual
      edges: []
      """;

    private final LiveServer server;
    private final Cli cli;
    private final Path workflow;

    ApprovalsCommandsTest(LiveServer server) throws IOException {
        this.server = server;
        this.cli = new Cli().loggedInAsAdmin(server);
        this.workflow = Files.writeString(server.home.resolve("datasets").resolve("review_only.yaml"), REVIEW_ONLY);
    }

    /** Starts a review-only run and answers its gate id once the run shows the gate. */
    private String[] runWaitingAtItsGate() {
        Cli.Result started = cli.run(
                "pipelines",
                "run",
                "--dataset",
                LiveServer.DATASET.toString(),
                "--problem",
                "Review the data.",
                "--workflow",
                workflow.toString());
        assertThat(started.exitCode()).as(started.toString()).isEqualTo(ExitCodes.OK);
        String runId = started.json().get("run_id").asText();
        String[] gate = new String[1];
        server.eventually(30, () -> {
            JsonNode status = cli.run("pipelines", "status", runId).json();
            assertThat(status.get("state").asText()).isEqualTo("waiting_approval");
            gate[0] = status.get("pending_gates").get(0).get("gate_id").asText();
        });
        return new String[] {runId, gate[0]};
    }

    @Test
    void aGateIsListedApprovedAndTheRunSucceeds() {
        String[] ids = runWaitingAtItsGate();
        String runId = ids[0];
        String gateId = ids[1];

        server.eventually(30, () -> {
            JsonNode list = cli.run("approvals", "list", "--run", runId).json();
            assertThat(list.get("items").findValuesAsText("gate_id")).containsExactly(gateId);
            assertThat(list.get("items").get(0).get("type").asText()).isEqualTo("manual");
            assertThat(list.get("items").get(0).get("state").asText()).isEqualTo("pending");
        });
        Cli.Result table = cli.run("approvals", "list", "--run", runId, "--table");
        assertThat(table.out())
                .startsWith("GATE_ID")
                .containsPattern(gateId + "\\s+" + runId + "\\s+manual\\s+pending");

        Cli.Result approve = cli.run("approvals", "approve", gateId, "--rationale", "data reviewed");
        assertThat(approve.exitCode()).as(approve.toString()).isEqualTo(ExitCodes.OK);
        assertThat(approve.json().get("run_id").asText()).isEqualTo(runId);

        Cli.Result follow = cli.run("pipelines", "logs", runId, "--follow");
        assertThat(follow.exitCode()).as(follow.toString()).isEqualTo(ExitCodes.OK);
        assertThat(follow.out())
                .contains(
                        "gate " + gateId + " (manual) waits for a decision",
                        "gate " + gateId + " approved by " + LiveServer.ADMIN_EMAIL + ": data reviewed");
        assertThat(follow.out().lines().reduce((a, b) -> b).orElseThrow()).isEqualTo("run " + runId + " succeeded");

        Cli.Result again = cli.run("approvals", "approve", gateId);
        assertThat(again.exitCode()).as("a decided gate").isEqualTo(ExitCodes.SERVER);
    }

    @Test
    void aRejectedGateFailsTheRunAndFollowExits1() {
        String[] ids = runWaitingAtItsGate();
        Cli.Result reject = cli.run("approvals", "reject", ids[1], "--rationale", "wrong dataset");
        assertThat(reject.exitCode()).as(reject.toString()).isEqualTo(ExitCodes.OK);

        Cli.Result follow = cli.run("pipelines", "logs", ids[0], "--follow");
        assertThat(follow.exitCode()).as(follow.toString()).isEqualTo(ExitCodes.FAILURE);
        assertThat(follow.out().lines().reduce((a, b) -> b).orElseThrow()).startsWith("run " + ids[0] + " failed");
    }

    @Test
    void anUnknownGateExits4() {
        Cli.Result result = cli.run("approvals", "approve", "no-such-gate");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(result.err()).contains("no-such-gate", "correlation id");
    }
}
