package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.settings.AgentConfig;
import svc.config.settings.DefaultsConfig;
import svc.config.settings.EffectiveSettings;
import svc.config.settings.ProjectConfig;
import svc.config.settings.ProviderConfig;
import svc.config.settings.SupervisorConfig;
import svc.core.agent.SettingsProfiles;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * A settings file's project in a whole {@code parallel_research} run, through the vendor's real
 * client against a local server that speaks its wire format (and thinks with the scripted model):
 * what each request carried is what the file said. An agent's prompt replaces the roster's, model
 * aliases reach the vendor as concrete ids, {@code delegate_mode} leaves a coordinator only its
 * delegation tools, and the supervisor's prompt and model drive the merge of the parallel research.
 */
class SettingsInRunTest {

    static final String PROFILER_PROMPT = "You profile Acme's tables and say what you saw.";
    static final String SUPERVISOR_PROMPT = "Merge the researchers' proposals the Acme way.";

    @Test
    void theProjectsPromptsModelsDelegateModeAndSupervisorReachTheVendor(@TempDir Path home) throws Exception {
        try (WireCompatibleServer vendor = new WireCompatibleServer();
                TestWiring wiring = new TestWiring();
                PlatformFixture fx = new PlatformFixture(home, new FakeToolbox())) {
            ProjectConfig written = new ProjectConfig(
                    List.of(
                            new AgentConfig("data-profiler", PROFILER_PROMPT, null, null, null, null, null),
                            new AgentConfig(
                                    "data-coordinator", "You coordinate data work.", "haiku", null, null, true, null)),
                    new SupervisorConfig(SUPERVISOR_PROMPT, "opus"),
                    new DefaultsConfig(null, "work", null, null, null, null, null, null),
                    Map.of("work", new ProviderConfig("anthropic", "ACME_KEY", vendor.baseUrl(), 0L, 30L)),
                    null,
                    null,
                    null,
                    null,
                    null);
            // As svc server hands it over: the spec's defaults resolved (model `sonnet`).
            ProjectConfig project = EffectiveSettings.resolve(written);
            fx.directory = roster -> SettingsProfiles.apply(roster, project);
            fx.start(
                    Map.of(),
                    (settings, callbacks) -> LlmProviders.create(
                            "scripted",
                            "",
                            "",
                            project,
                            wiring.wiring(Map.of("ACME_KEY", "sk-ant-acme")),
                            LlmProviders.Listeners.NONE)::forAgent);

            RunView run = fx.startRun("parallel_research");
            // The research is merged before the run's first checkpoint.
            fx.eventually(
                    Duration.ofSeconds(60),
                    () -> assertThat(fx.view(run.runId()).state()).isIn("waiting_approval", "failed"));
            assertThat(fx.view(run.runId()).state())
                    .as("%s", fx.view(run.runId()))
                    .isEqualTo("waiting_approval");

            List<JsonNode> profiler = requestsOf(vendor, "data-profiler");
            assertThat(profiler).isNotEmpty().allSatisfy(b -> {
                assertThat(b.path("system").asText()).isEqualTo(PROFILER_PROMPT);
                // defaults.model `sonnet` through the alias table
                assertThat(b.path("model").asText()).isEqualTo("claude-sonnet-4-5");
            });
            List<JsonNode> coordinator = requestsOf(vendor, "data-coordinator");
            assertThat(coordinator).isNotEmpty().allSatisfy(b -> {
                // its prompt, then the list of its team the platform adds
                assertThat(b.path("system").asText()).startsWith("You coordinate data work.\n\nTeam members");
                assertThat(b.path("model").asText()).isEqualTo("claude-haiku-4-5");
                assertThat(b.path("tools").findValuesAsText("name"))
                        .isNotEmpty()
                        .allSatisfy(t -> assertThat(t).startsWith("transfer_to_"));
            });
            List<JsonNode> merges = requestsOf(vendor, "algorithm-coordinator").stream()
                    .filter(b -> b.path("messages").get(0).toString().contains("Merge the parallel research"))
                    .toList();
            assertThat(merges).isNotEmpty().allSatisfy(b -> {
                assertThat(b.path("system").asText()).startsWith(SUPERVISOR_PROMPT + "\n\nTeam members");
                assertThat(b.path("model").asText()).isEqualTo("claude-opus-4-1");
            });
            List<JsonNode> others = vendor.seen().stream()
                    .map(WireCompatibleServer.Seen::body)
                    .filter(b -> !merges.contains(b))
                    .toList();
            assertThat(others)
                    .as("only merge turns carry the supervisor's prompt")
                    .isNotEmpty()
                    .allSatisfy(b -> assertThat(b.path("system").asText()).doesNotContain(SUPERVISOR_PROMPT));
            assertThat(vendor.seen())
                    .extracting(WireCompatibleServer.Seen::model)
                    .doesNotContain("sonnet", "opus", "haiku");
        }
    }

    private static List<JsonNode> requestsOf(WireCompatibleServer vendor, String agent) {
        List<JsonNode> bodies = new ArrayList<>();
        for (WireCompatibleServer.Seen s : vendor.seen()) {
            if (s.body().path("metadata").path("user_id").asText().equals(agent)) {
                bodies.add(s.body());
            }
        }
        return bodies;
    }
}
