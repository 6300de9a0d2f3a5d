package svc.cli.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.effective.Origin;
import svc.core.CoreSettings;
import svc.core.agent.AgentLimits;

/**
 * What {@code svc server} takes from the settings file's project for its directory (or
 * {@code SVC_PROJECT}): the agents' limits and liveness and G10's delegation limits as
 * {@code svc.agents.*} with origin {@code settings:<project path>} (the environment still above),
 * {@code @file} prompts read, unknown agent names refused with a "did you mean", fields that mean
 * nothing here warned about.
 */
class SettingsInForceTest {

    private static Path settings(Path root, Path project, String body) throws Exception {
        Path file = root.resolve("settings.json");
        Files.writeString(file, "{\"version\": 2, \"" + project + "\": " + body + "}");
        return file;
    }

    @Test
    void theProjectsDefaultsAndSubAgentLimitsAreTheRuntimesWithTheirOrigin(@TempDir Path root) throws Exception {
        Path project = Files.createDirectories(root.resolve("churn"));
        Files.writeString(project.resolve("profiler.md"), "You profile Acme's tables.");
        Path file = settings(root, project, """
                {"agents": [{"name": "data-profiler", "prompt": "@profiler.md"}],
                 "supervisor": {"prompt": "Merge well.", "model": "opus"},
                 "defaults": {"session_timeout": 3600, "max_consecutive_errors": 3, "max_total_errors": 4294967295,
                              "commit_interval": 60, "mode": "parallel",
                              "liveness": {"idle_nudge_after_secs": 30, "auto_interrupt_stalled": true}},
                 "sub_agent_defaults": {"max_depth": 3, "max_delegations_per_run": 20, "loop_scope": "name_only"}}
                """);
        ServerConfiguration.Resolved r = ServerConfiguration.resolve(
                Map.of("SVC_HOME", root.resolve("home").toString()), file, project, Map.of());

        CoreSettings core = CoreSettings.fromConfig(r.config());
        AgentLimits limits = core.agentLimits();
        assertThat(limits.sessionTimeout()).hasSeconds(3600);
        assertThat(limits.maxConsecutiveErrors()).isEqualTo(3);
        assertThat(limits.maxTotalErrors()).isEqualTo(Integer.MAX_VALUE);
        assertThat(limits.liveness().nudgeAfter()).hasSeconds(30);
        assertThat(limits.liveness().autoInterrupt()).isTrue();
        assertThat(limits.liveness().stallTimeout()).as("the spec's default").hasSeconds(900);
        assertThat(core.maxDelegationDepth()).isEqualTo(3);
        assertThat(core.maxDelegationsPerRun()).isEqualTo(20);
        assertThat(core.delegationScope()).isEqualTo("name_only");

        Origin fromFile = Origin.settings(project.toString());
        assertThat(r.effective().get("svc.agents.session-timeout").orElseThrow().origin())
                .isEqualTo(fromFile);
        assertThat(r.effective()
                        .get("svc.agents.max-delegation-depth")
                        .orElseThrow()
                        .origin())
                .isEqualTo(fromFile);
        assertThat(r.effective()
                        .get("svc.agents.liveness.stall-timeout")
                        .orElseThrow()
                        .origin())
                .isEqualTo(Origin.DEFAULT);
        assertThat(r.effective()
                        .get("svc.settings.defaults.session_timeout")
                        .orElseThrow()
                        .value())
                .isEqualTo(3600);

        assertThat(r.project().agents().get(0).prompt()).isEqualTo("You profile Acme's tables.");
        assertThat(r.project().supervisor().model()).isEqualTo("opus");
        assertThat(r.projectPath()).isEqualTo(project.toString());
        assertThat(r.warnings())
                .hasSize(2)
                .anySatisfy(w -> assertThat(w).contains("/defaults/commit_interval: commit_interval has no meaning"))
                .anySatisfy(w -> assertThat(w).contains("/defaults/mode: mode `parallel` has no meaning here"));
    }

    @Test
    void theEnvironmentOutranksTheFileAndSvcProjectNamesTheProject(@TempDir Path root) throws Exception {
        Path project = Files.createDirectories(root.resolve("churn"));
        Path elsewhere = Files.createDirectories(root.resolve("elsewhere"));
        Path file = settings(root, project, """
                {"agents": [{"name": "director", "prompt": "Run it."}],
                 "defaults": {"session_timeout": 60}}""");
        ServerConfiguration.Resolved r = ServerConfiguration.resolve(
                Map.of("SVC_HOME", root.resolve("home").toString(), "SVC_PROJECT", project.toString()),
                file,
                elsewhere,
                Map.of());
        assertThat(r.projectPath()).isEqualTo(project.toString());
        assertThat(CoreSettings.fromConfig(r.config()).agentLimits().sessionTimeout())
                .hasSeconds(60);

        ServerConfiguration.Resolved none = ServerConfiguration.resolve(
                Map.of("SVC_HOME", root.resolve("home").toString()), file, elsewhere, Map.of());
        assertThat(none.project()).isNull();
        assertThat(CoreSettings.fromConfig(none.config()).agentLimits().sessionTimeout())
                .isZero();
    }

    @Test
    void anAgentThatIsNotOnTheRosterStopsTheStartWithADidYouMean(@TempDir Path root) throws Exception {
        Path project = Files.createDirectories(root.resolve("churn"));
        Path file = settings(root, project, """
                {"agents": [{"name": "data-profiller", "prompt": "x"},
                            {"name": "plugin-acme::scorer", "prompt": "y"}]}""");
        assertThatThrownBy(() -> ServerConfiguration.resolve(
                        Map.of("SVC_HOME", root.resolve("home").toString()), file, project, Map.of()))
                .isInstanceOfSatisfying(
                        ServerConfiguration.Invalid.class,
                        e -> assertThat(e.problems())
                                .hasSize(2)
                                .anySatisfy(p -> assertThat(p)
                                        .contains("/agents/0/name: agent `data-profiller` is not an agent of this "
                                                + "platform; did you mean `data-profiler`?"))
                                .anySatisfy(p -> assertThat(p)
                                        .contains("`plugin-acme::scorer` is a plugin agent: plugin agents are "
                                                + "configured by their plugin")));
    }
}
