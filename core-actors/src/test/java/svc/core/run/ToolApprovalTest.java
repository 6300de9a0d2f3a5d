package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.ToolPermissions;

/**
 * A tool call the permission engine answers with ASK opens an approval gate: the run waits with
 * the agent in place, an approval lets the call run, a rejection fails the run.
 */
class ToolApprovalTest {

    @TempDir
    static Path home;

    static final FakeToolbox tools = new FakeToolbox();
    static PlatformFixture fx;
    static final List<String> refusals = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        fx = new PlatformFixture(home, tools);
        fx.permissions = new ToolPermissions() {
            @Override
            public Verdict check(String runId, String agent, String tool, String args) {
                return tool.equals("register_model_deployment")
                        ? new Verdict(false, true, "hitl", "a person confirms before a model serves traffic", "ask-1")
                        : Verdict.allow();
            }

            @Override
            public void refused(String runId, String agent, String tool, Verdict verdict, String why) {
                refusals.add(
                        runId + " " + agent + " " + tool + " " + verdict.source() + " " + verdict.ruleId() + " " + why);
            }
        };
        fx.start(Map.of());
    }

    @AfterAll
    static void stop() {
        fx.close();
    }

    @Test
    void anApprovedToolGateLetsTheCallRunAndTheRunFinish() throws Exception {
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "waiting_approval");
        Gate gate = fx.view(run.runId()).pendingGates().get(0);
        assertThat(gate.tool()).isEqualTo("register_model_deployment");
        assertThat(gate.agent()).isEqualTo("release-manager");
        assertThat(gate.type()).isEqualTo("deploy");
        assertThat(tools.callsTo(run.runId(), "register_model_deployment")).isZero();
        assertThat(tools.callsTo(run.runId(), "generate_k8s_manifests")).isEqualTo(1);

        fx.platform
                .runs()
                .decide(gate.gateId(), true, "ops@example.com", "release approved")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        fx.awaitState(run.runId(), "succeeded");
        assertThat(tools.callsTo(run.runId(), "register_model_deployment")).isEqualTo(1);
        // The rest of the run did not start over.
        assertThat(tools.callsTo(run.runId(), "generate_k8s_manifests")).isEqualTo(1);
        fx.eventually(
                Duration.ofSeconds(10),
                () -> assertThat(fx.platform
                                .runs()
                                .approvals(null, run.runId(), 10, 0)
                                .toCompletableFuture()
                                .join()
                                .items())
                        .singleElement()
                        .satisfies(a -> {
                            assertThat(a.tool()).isEqualTo("register_model_deployment");
                            assertThat(a.state()).isEqualTo("approved");
                        }));
    }

    @Test
    void aRejectedToolGateFailsTheRunWithoutRunningTheCall() throws Exception {
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "waiting_approval");
        Gate gate = fx.view(run.runId()).pendingGates().get(0);
        RunView after = fx.platform
                .runs()
                .decide(gate.gateId(), false, "risk@example.com", "not this model")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(after.state()).isEqualTo("failed");
        assertThat(after.failure()).contains("not this model");
        assertThat(tools.callsTo(run.runId(), "register_model_deployment")).isZero();
        // Stored as a denial of the approval rule, under its source.
        fx.eventually(
                Duration.ofSeconds(10),
                () -> assertThat(refusals)
                        .anySatisfy(r -> assertThat(r)
                                .startsWith(run.runId()
                                        + " release-manager register_model_deployment hitl ask-1 not approved: ")));
    }
}
