package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * The same journal, read side and crash recovery on a real PostgreSQL server. Runs when
 * {@code SVC_TEST_PG_URL} names one ({@code .ci/postgres.sh} starts a throwaway cluster; CI
 * always does). Each test gets a database of its own, so the migrations run from empty.
 */
@EnabledIfEnvironmentVariable(named = "SVC_TEST_PG_URL", matches = "jdbc:postgresql:.+")
class PostgresRunTest {

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private PlatformFixture fx;
    private String url;

    @BeforeEach
    void freshDatabase() throws Exception {
        String admin = System.getenv("SVC_TEST_PG_URL");
        String name =
                "svc_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(admin);
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        }
        url = admin.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
        fx = new PlatformFixture(home, tools);
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void aRunCompletesOnPostgresAndSurvivesARestartInTheMiddleOfTraining() throws Exception {
        tools.holdTraining = new CountDownLatch(1);
        fx.start(Map.of("svc.db.url", url));
        assertThat(fx.platform.database().settings().kind().name()).isEqualTo("POSTGRES");
        RunView run = fx.startRun("fast_prototype");
        assertThat(tools.trainingStarted.await(30, TimeUnit.SECONDS)).isTrue();
        fx.stop();
        tools.holdTraining.countDown();
        tools.holdTraining = null;

        fx.start(Map.of("svc.db.url", url));
        fx.awaitState(run.runId(), "succeeded");
        assertThat(tools.callsTo(run.runId(), "inspect_dataset")).isEqualTo(1);
        fx.eventually(Duration.ofSeconds(10), () -> {
            try {
                var page = fx.platform
                        .runs()
                        .list("succeeded", 10, 0)
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
                assertThat(page.items()).extracting(r -> r.runId()).contains(run.runId());
                assertThat(page.items().get(0).costUsd()).isPositive();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void retentionPrunesAFinishedRunOnPostgresAndItComesBackFromItsSnapshot() throws Exception {
        fx.start(Map.of("svc.db.url", url, "svc.cron.scheduler", "off"));
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "succeeded");
        fx.eventually(
                Duration.ofSeconds(30),
                () -> assertThat(fx.platform
                                .runs()
                                .list("succeeded", 10, 0)
                                .toCompletableFuture()
                                .join()
                                .items())
                        .extracting(r -> r.runId())
                        .contains(run.runId()));
        RunView ended = fx.view(run.runId());
        var report = fx.platform.retention().sweepNow(ended.updatedAt().plus(Duration.ofDays(400)), false);
        assertThat(report.failures()).isEmpty();
        assertThat(report.totals()).containsKeys("agent_events", "run_events");

        fx.stop();
        fx.start(Map.of("svc.db.url", url, "svc.cron.scheduler", "off"));
        RunView pruned = fx.view(run.runId());
        assertThat(pruned.state()).isEqualTo("succeeded");
        assertThat(pruned.facts()).isEqualTo(ended.facts());
        assertThat(pruned.pruned()).extracting(PruneNote::kind).contains("agent_events", "run_events");
    }

    @Test
    void approvalsAreListedFromTheReadSideAndDecidedOnPostgres() throws Exception {
        fx.start(Map.of("svc.db.url", url));
        RunView run = fx.startRun("default_ml_pipeline");
        fx.awaitState(run.runId(), "waiting_approval");
        fx.eventually(
                Duration.ofSeconds(10),
                () -> assertThat(fx.pendingGates(run.runId())).hasSize(1));
        String gate = fx.pendingGates(run.runId()).get(0).gateId();
        fx.platform.runs().decide(gate, true, "ops", "ok").toCompletableFuture().get(10, TimeUnit.SECONDS);
        fx.awaitState(run.runId(), "succeeded");
    }
}
