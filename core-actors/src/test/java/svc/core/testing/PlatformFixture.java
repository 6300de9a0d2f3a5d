package svc.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentEntity;
import svc.core.agent.AgentProfile;
import svc.core.llm.LlmProvider;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.scripted.ScriptedModel;
import svc.core.platform.Platform;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.telemetry.Tracing;
import svc.core.tools.Tool;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.store.ArtifactStoreSettings;

/**
 * A platform on a temporary home with the scripted model and the fake tools, plus the waits
 * tests need (polling with a deadline through the testkit, never sleeping).
 */
public final class PlatformFixture implements AutoCloseable {

    public final Path home;
    public final Path dataset;
    public final FakeToolbox tools;
    private final ActorTestKit probes = ActorTestKit.create("probes");
    public Platform platform;
    /** The governance seam the platform starts with; tests may swap it before {@link #start}. */
    public ToolPermissions permissions = ToolPermissions.ALLOW_ALL;
    /** Where spans go; tests of tracing swap in an exporter. */
    public Tracing tracing = Tracing.NOOP;
    /** Adjusts the agents' profiles before the platform starts (a test's own delegation graph). */
    public UnaryOperator<AgentDirectory> roster = UnaryOperator.identity();
    /** Tools registered beside the fake ones (a test's own tool). */
    public final List<Tool> extraTools = new ArrayList<>();
    /** The runs root of the last start (kept while the platform is stopped, for restart tests). */
    private Path runsRoot;

    public PlatformFixture(Path home, FakeToolbox tools) throws Exception {
        this.home = home;
        this.tools = tools;
        // Under the upload directory, a data root of every platform (DataRoots).
        this.dataset = Files.createDirectories(home.resolve("datasets")).resolve("data.csv");
        Files.writeString(dataset, "x,sex,y\n1,f,0\n2,m,1\n");
        this.runsRoot = ArtifactStoreSettings.fromConfig(ConfigFactory.parseMap(Map.of("svc.home", home.toString()))
                        .withFallback(ConfigFactory.load()))
                .runsRoot();
    }

    public Platform start(Map<String, Object> overrides) {
        return start(
                overrides,
                (s, callbacks) -> agent -> new MessagesApiProvider("scripted", new ScriptedModel(), callbacks));
    }

    /** Starts with the given models instead of the embedded scripted one. */
    public Platform start(
            Map<String, Object> overrides,
            BiFunction<CoreSettings, Executor, Function<AgentProfile, LlmProvider>> providers) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.gates.sweep-interval", "100ms");
        settings.put("pekko.actor.serialize-messages", "on");
        settings.putAll(overrides);
        Config config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        runsRoot = ArtifactStoreSettings.fromConfig(config).runsRoot();
        platform = Platform.start(
                config,
                (s, directory, ml, callbacks) -> new Platform.Parts(
                        providers.apply(s, callbacks), registry(), permissions, UnaryOperator.identity()),
                tracing,
                roster);
        return platform;
    }

    private ToolRegistry registry() {
        ToolRegistry registry = tools.registry();
        extraTools.forEach(registry::register);
        return registry;
    }

    public void stop() {
        if (platform != null) {
            platform.close();
            platform = null;
        }
    }

    public RunView startRun(String template) throws Exception {
        return startRun(new RunService.StartRequest(
                "Predict y from x.", dataset.toString(), null, List.of(), template, null, null, "tester"));
    }

    public RunView startRun(RunService.StartRequest request) throws Exception {
        return platform.runs().start(request).toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    public RunView view(String runId) {
        try {
            return platform.runs().get(runId).toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public void awaitState(String runId, String state) {
        eventually(Duration.ofSeconds(60), () -> assertThat(view(runId).state()).isEqualTo(state));
    }

    public List<ApprovalRow> pendingGates(String runId) {
        try {
            return platform.runs()
                    .approvals("pending", runId, 100, 0)
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS)
                    .items();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public Path runDir(String runId) {
        return runsRoot.resolve(runId);
    }

    /**
     * Waits until the conversation projection has handled every agent event journaled so far, so
     * that no conversation line is still on its way to disk (it writes in groups, a second apart).
     */
    public void awaitConversationsWritten(Duration deadline) {
        eventually(deadline, () -> {
            try (Connection c = platform.database().connection();
                    Statement st = c.createStatement()) {
                long journaled;
                try (ResultSet rs = st.executeQuery("SELECT COALESCE(MAX(e.\"ordering\"), 0) FROM \"event_journal\" e"
                        + " JOIN \"event_tag\" t ON t.\"event_id\" = e.\"ordering\" WHERE t.\"tag\" = '"
                        + AgentEntity.TAG + "'")) {
                    rs.next();
                    journaled = rs.getLong(1);
                }
                long handled = 0;
                try (ResultSet rs = st.executeQuery("SELECT current_offset FROM pekko_projection_offset_store"
                        + " WHERE projection_name = 'conversations'")) {
                    while (rs.next()) {
                        handled = Math.max(handled, Long.parseLong(rs.getString(1)));
                    }
                }
                assertThat(handled).as("conversation projection offset").isGreaterThanOrEqualTo(journaled);
            } catch (SQLException e) {
                throw new AssertionError(e);
            }
        });
    }

    /** Retries the assertion until it passes or the deadline is reached (then it fails). */
    public void eventually(Duration deadline, Runnable assertion) {
        probes.createTestProbe().awaitAssert(deadline, Duration.ofMillis(50), () -> {
            assertion.run();
            return null;
        });
    }

    @Override
    public void close() {
        stop();
        probes.shutdownTestKit();
    }
}
