package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.core.tools.ToolPermissions;

/**
 * A run waiting for a person at a tool gate gives its slot back: with one slot, a second run
 * gets to its own gate meanwhile instead of waiting queued behind the first.
 */
class ToolGateSlotTest {

    @TempDir
    static Path home;

    static final FakeToolbox tools = new FakeToolbox();
    static PlatformFixture fx;

    @BeforeAll
    static void start() throws Exception {
        fx = new PlatformFixture(home, tools);
        fx.permissions = (runId, agent, tool, args) -> tool.equals("register_model_deployment")
                ? ToolPermissions.Verdict.ask("profile", "a person confirms before a model serves traffic")
                : ToolPermissions.Verdict.allow();
        fx.start(Map.of("svc.max-concurrent-pipelines", "1"));
    }

    @AfterAll
    static void stop() {
        fx.close();
    }

    @Test
    void aRunAtAToolGateLetsTheNextRunHaveTheSlot() throws Exception {
        RunView first = fx.startRun("fast_prototype");
        RunView second = fx.startRun("fast_prototype");
        fx.awaitState(first.runId(), "waiting_approval");
        fx.awaitState(second.runId(), "waiting_approval");

        for (RunView run : List.of(first, second)) {
            Gate gate = fx.view(run.runId()).pendingGates().get(0);
            fx.platform
                    .runs()
                    .decide(gate.gateId(), true, "ops@example.com", "release approved")
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        }
        fx.awaitState(first.runId(), "succeeded");
        fx.awaitState(second.runId(), "succeeded");
        assertThat(tools.callsTo(first.runId(), "register_model_deployment")).isEqualTo(1);
        assertThat(tools.callsTo(second.runId(), "register_model_deployment")).isEqualTo(1);
    }
}
