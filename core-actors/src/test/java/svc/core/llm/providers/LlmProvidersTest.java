package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.config.settings.AgentConfig;
import svc.config.settings.DefaultsConfig;
import svc.config.settings.ProjectConfig;
import svc.config.settings.ProviderConfig;
import svc.core.agent.AgentProfile;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;

/** Choosing a provider per agent, building it (keys, addresses) and probing reachability. */
class LlmProvidersTest {

    static final String OLLAMA_TEXT = OllamaChatProviderTest.TEXT;

    FakeVendor vendor;
    TestWiring wiring;

    @BeforeEach
    void start() throws Exception {
        vendor = new FakeVendor();
        wiring = new TestWiring();
    }

    @AfterEach
    void stop() {
        vendor.close();
        wiring.close();
    }

    static AgentProfile agent(String name) {
        return new AgentProfile(
                name,
                "data",
                AgentProfile.Tier.WORKER,
                "You work.",
                "claude-haiku-4-5",
                "scripted",
                List.of(),
                List.of());
    }

    static AgentProfile withModel(AgentProfile a, String model) {
        return new AgentProfile(
                a.name(), a.team(), a.tier(), a.systemPrompt(), model, a.provider(), a.tools(), a.delegates());
    }

    @Test
    void anAliasIsSentAsTheProvidersModelIdAndOneWithoutAMappingStopsTheStart() throws Exception {
        vendor.then(FakeVendor.ok(OLLAMA_TEXT));
        ProjectConfig project = project(
                List.of(fileAgent("data-profiler", "sonnet", "local")),
                null,
                Map.of("local", new ProviderConfig("ollama", null, vendor.baseUrl(), 0L, 30L)));
        assertThatThrownBy(() -> LlmProviders.create(
                        "scripted", "", "", project, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("agent `data-profiler`: model alias `sonnet` has no mapping for provider `local` (kind"
                        + " ollama): aliases map only for anthropic and scripted; write a concrete model id of that"
                        + " provider");
        assertThatThrownBy(() -> LlmProviders.create(
                        "ollama", vendor.baseUrl(), "opus", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessageStartingWith("SVC_LLM_MODEL: model alias `opus` has no mapping for provider `server`");

        try (LlmProviders providers = LlmProviders.create(
                "anthropic",
                vendor.baseUrl(),
                "",
                null,
                wiring.wiring(WireCompatibleServer.keys()),
                LlmProviders.Listeners.NONE)) {
            AgentProfile haiku = withModel(agent("data-profiler"), "haiku");
            assertThatThrownBy(() -> providers
                            .forAgent(haiku)
                            .complete(ask(haiku))
                            .toCompletableFuture()
                            .get(10, TimeUnit.SECONDS))
                    .as("the fake vendor answers in Ollama's shape; what matters is what was sent");
        }
        assertThat(Json.parse(vendor.received().get(0).body()).path("model").asText())
                .isEqualTo("claude-haiku-4-5");
        assertThat(ModelAliases.resolve("scripted", "opus")).isEqualTo("claude-opus-4-1");
        assertThat(ModelAliases.resolve("openai", "gpt-4o")).isEqualTo("gpt-4o");
    }

    static LlmRequest ask(AgentProfile a) {
        return new LlmRequest(a.name(), a.model(), a.systemPrompt(), List.of(ChatMessage.user("hi")), List.of(), 64);
    }

    static ProjectConfig project(
            List<AgentConfig> agents, DefaultsConfig defaults, Map<String, ProviderConfig> providers) {
        return new ProjectConfig(agents, null, defaults, providers, null, null, null, null, null);
    }

    static AgentConfig fileAgent(String name, String model, String provider) {
        return new AgentConfig(name, "prompt", model, provider, null, null, null);
    }

    @Test
    void anAgentOfTheSettingsFileUsesItsNamedProviderAndModelOthersTheServerWideOne() throws Exception {
        vendor.then(FakeVendor.ok(OLLAMA_TEXT));
        ProjectConfig project = project(
                List.of(fileAgent("data-profiler", "qwen2.5:7b", "local")),
                null,
                Map.of("local", new ProviderConfig("ollama", null, vendor.baseUrl(), 1L, 30L)));
        try (LlmProviders providers = LlmProviders.create(
                "scripted", "", "", project, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE)) {
            // The file's model is in the agent's profile (SettingsProfiles puts it there).
            AgentProfile fromFile = withModel(agent("data-profiler"), "qwen2.5:7b");
            LlmProvider profiler = providers.forAgent(fromFile);
            assertThat(profiler.kind()).isEqualTo("ollama");
            assertThat(providers.forAgent(agent("model-trainer")).kind()).isEqualTo("scripted");

            assertThat(profiler.complete(ask(fromFile))
                            .toCompletableFuture()
                            .get(10, TimeUnit.SECONDS)
                            .text())
                    .startsWith("Hello!");
            assertThat(Json.parse(vendor.received().get(0).body()).path("model").asText())
                    .isEqualTo("qwen2.5:7b");
            assertThat(providers.configured().get("local").maxRetries()).isEqualTo(1);
            assertThat(providers.configured().get("local").timeout()).hasSeconds(30);
        }
    }

    @Test
    void svcLlmModelSendsEveryAgentToOneModel() throws Exception {
        vendor.then(FakeVendor.ok(OLLAMA_TEXT)).then(FakeVendor.ok(OLLAMA_TEXT));
        try (LlmProviders providers = LlmProviders.create(
                "ollama",
                vendor.baseUrl(),
                "llama3.1:8b",
                null,
                wiring.wiring(Map.of()),
                LlmProviders.Listeners.NONE)) {
            for (String name : List.of("data-profiler", "director")) {
                providers
                        .forAgent(agent(name))
                        .complete(ask(agent(name)))
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
            }
        }
        assertThat(vendor.received())
                .extracting(r -> Json.parse(r.body()).path("model").asText())
                .containsExactly("llama3.1:8b", "llama3.1:8b");
    }

    @Test
    void aMissingKeyStopsConstructionNamingTheVariable() {
        assertThatThrownBy(() -> LlmProviders.create(
                        "anthropic", "", "", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the environment variable ANTHROPIC_API_KEY is not set");
        assertThatThrownBy(() -> LlmProviders.create(
                        "openai", "", "", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessageContaining("OPENAI_API_KEY is not set");
        ProjectConfig project = project(
                List.of(fileAgent("a", null, "team")),
                null,
                Map.of("team", new ProviderConfig("anthropic", "TEAM_KEY", null, null, null)));
        assertThatThrownBy(() -> LlmProviders.create(
                        "scripted", "", "", project, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessageContaining("TEAM_KEY is not set")
                .hasMessageContaining("provider `team`");
    }

    @Test
    void badKindsAddressesAndProviderNamesAreClearErrors() {
        assertThatThrownBy(() ->
                        LlmProviders.create("bard", "", "", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessage("provider `server`: `bard` is not a provider kind; use one of scripted, "
                        + "anthropic, openai, vllm, ollama");
        assertThatThrownBy(() ->
                        LlmProviders.create("vllm", "", "", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessageContaining("a vllm provider needs its server's address");
        assertThatThrownBy(() -> LlmProviders.create(
                        "ollama", "localhost:11434", "", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessageContaining("must be an http:// or https:// address");
        ProjectConfig project = project(List.of(fileAgent("a", null, "nowhere")), null, Map.of());
        assertThatThrownBy(() -> LlmProviders.create(
                        "scripted", "", "", project, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE))
                .hasMessageContaining("names provider `nowhere`");
    }

    @Test
    void aFailedCallIsReportedToTheListenerAsAnError() {
        vendor.then(FakeVendor.status(404, "{\"error\":\"model 'x' not found\"}"));
        List<LlmCallListener.LlmCall> calls = new ArrayList<>();
        try (LlmProviders providers = LlmProviders.create(
                "ollama",
                vendor.baseUrl(),
                "x",
                null,
                wiring.wiring(Map.of()),
                new LlmProviders.Listeners(calls::add, CompactionListener.NONE))) {
            assertThatThrownBy(() -> providers
                            .forAgent(agent("a"))
                            .complete(ask(agent("a")))
                            .toCompletableFuture()
                            .join())
                    .isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(LlmException.class);
        }
        assertThat(calls).singleElement().satisfies(c -> {
            assertThat(c.state()).isEqualTo("error");
            assertThat(c.model()).isEqualTo("x");
            assertThat(c.costUsd()).isZero();
        });
    }

    @Test
    void reachabilityProbesEachConfiguredProviderWithoutItsKey() throws Exception {
        vendor.then(FakeVendor.status(404, "{}"));
        FakeVendor closed = new FakeVendor();
        String down = closed.baseUrl();
        closed.close();
        ProjectConfig project = project(
                List.of(fileAgent("a", null, "down")),
                new DefaultsConfig(null, null, null, null, null, null, null, null),
                Map.of("down", new ProviderConfig("openai", null, down, null, null)));
        try (LlmProviders providers = LlmProviders.create(
                "anthropic",
                vendor.baseUrl(),
                "",
                project,
                wiring.wiring(WireCompatibleServer.keys()),
                LlmProviders.Listeners.NONE)) {
            List<LlmProviders.Reachability> r =
                    providers.reachability().toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertThat(r).extracting(LlmProviders.Reachability::provider).containsExactly("server", "down");
            assertThat(r.get(0).reachable()).isTrue();
            assertThat(r.get(1).reachable()).isFalse();
            assertThat(r.get(1).detail()).contains("ConnectException");
        }
        assertThat(vendor.received()).singleElement().satisfies(sent -> {
            assertThat(sent.method()).isEqualTo("GET");
            assertThat(sent.header("x-api-key")).isNull();
        });
        try (LlmProviders scripted =
                LlmProviders.create("scripted", "", "", null, wiring.wiring(Map.of()), LlmProviders.Listeners.NONE)) {
            assertThat(scripted.reachability().toCompletableFuture().get(5, TimeUnit.SECONDS))
                    .containsExactly(new LlmProviders.Reachability("server", "scripted", "", true, "embedded"));
        }
    }
}
