package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import svc.core.llm.PriceTable;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * A whole {@code fast_prototype} run through each vendor's real HTTP client and codec, against a
 * local server that speaks that vendor's wire format (and thinks with the scripted model), with
 * the fake ML tools. Providers are built exactly as the server builds them, from {@code
 * SVC_LLM_PROVIDER}, {@code SVC_LLM_BASE_URL} and {@code SVC_LLM_MODEL}.
 */
class ProviderPipelineTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "anthropic, /v1/messages,         ''",
        "openai,    /v1/chat/completions, gpt-4o-mini",
        "vllm,      /v1/chat/completions, meta-llama/Llama-3.1-8B-Instruct",
        "ollama,    /api/chat,            llama3.1:8b"
    })
    void fastPrototypeCompletesThroughTheProvider(String kind, String path, String model, @TempDir Path home)
            throws Exception {
        List<LlmCallListener.LlmCall> calls = new CopyOnWriteArrayList<>();
        try (WireCompatibleServer vendor = new WireCompatibleServer();
                TestWiring wiring = new TestWiring();
                PlatformFixture fx = new PlatformFixture(home, new FakeToolbox())) {
            // The first two calls meet a rate limit and an outage: the run must not notice.
            vendor.failFirst(429, 503);
            fx.start(
                    Map.of("svc.llm.provider", kind, "svc.llm.base-url", vendor.baseUrl(), "svc.llm.model", model),
                    (settings, callbacks) -> {
                        LlmProviders providers = LlmProviders.create(
                                settings.llmProvider(),
                                settings.llmBaseUrl(),
                                settings.llmModel(),
                                null,
                                wiring.wiring(WireCompatibleServer.keys()),
                                new LlmProviders.Listeners(calls::add, CompactionListener.NONE));
                        return providers::forAgent;
                    });

            RunView run = fx.startRun("fast_prototype");
            fx.awaitState(run.runId(), "succeeded");

            RunView done = fx.view(run.runId());
            assertThat(done.facts()).containsEntry("model.selected", "xgboost");
            assertThat(fx.tools.callsTo(run.runId(), "train_model")).isEqualTo(2);

            List<WireCompatibleServer.Seen> seen = vendor.seen();
            assertThat(seen).allSatisfy(s -> assertThat(s.path()).isEqualTo(path));
            assertThat(seen).hasSize(calls.size() + 2);
            switch (kind) {
                case "anthropic" ->
                    assertThat(seen).allSatisfy(s -> {
                        assertThat(s.apiKey()).isEqualTo("sk-ant-pipeline-test");
                        assertThat(s.anthropicVersion()).isEqualTo("2023-06-01");
                        assertThat(s.model()).isIn("claude-haiku-4-5", "claude-sonnet-4-5");
                    });
                case "openai" ->
                    assertThat(seen)
                            .allSatisfy(s -> assertThat(s.authorization()).isEqualTo("Bearer sk-openai-pipeline-test"));
                default ->
                    assertThat(seen)
                            .allSatisfy(s -> assertThat(s.authorization()).isNull());
            }
            if (!model.isEmpty()) {
                // The single-model override sends every agent to the one model.
                assertThat(seen).extracting(WireCompatibleServer.Seen::model).containsOnly(model);
                assertThat(calls).extracting(LlmCallListener.LlmCall::model).containsOnly(model);
            }

            // Accounting: every call reached the listener with the tokens the server reported, and
            // the cost the price table gives for them.
            assertThat(calls).allSatisfy(c -> {
                assertThat(c.state()).isEqualTo("ok");
                assertThat(c.provider()).isEqualTo(kind);
                assertThat(c.costUsd())
                        .isEqualTo(PriceTable.costUsd(c.model(), c.usage()))
                        .isPositive();
            });
            long[] reported = vendor.tokensReported();
            assertThat(calls.stream().mapToLong(c -> c.usage().inputTokens()).sum())
                    .isEqualTo(reported[0]);
            assertThat(calls.stream().mapToLong(c -> c.usage().outputTokens()).sum())
                    .isEqualTo(reported[1]);
            assertThat(done.costUsd()).isPositive();
        }
    }
}
