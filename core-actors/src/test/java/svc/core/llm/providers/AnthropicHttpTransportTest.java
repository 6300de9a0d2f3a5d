package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.llm.AnthropicMessagesCodec;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.PriceTable;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.llm.Usage;

/** The Messages API client against a local server answering as the vendor documents. */
class AnthropicHttpTransportTest extends VendorClientTestBase {

    static final String KEY = "sk-ant-test-0123456789abcdef";

    MessagesApiProvider provider(int maxRetries, Duration timeout) {
        ApiKey key = TestWiring.key("ANTHROPIC_API_KEY", KEY);
        VendorHttp http = wiring.http("anthropic", maxRetries, timeout, Optional.of(key));
        return new MessagesApiProvider(
                "anthropic", new AnthropicHttpTransport(vendor.baseUrl(), key, http), wiring.callbacks);
    }

    static LlmRequest request() {
        return new LlmRequest(
                "data-profiler",
                "claude-sonnet-4-5",
                "You profile datasets.",
                List.of(
                        ChatMessage.user("What is the weather in San Francisco?"),
                        ChatMessage.assistant(
                                "", List.of(new ToolCall("toolu_1", "get_weather", "{\"location\":\"Paris\"}"))),
                        ChatMessage.toolResult("toolu_1", "15 degrees", false)),
                List.of(new ToolSpec(
                        "get_weather",
                        "Get the current weather",
                        "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}}}")),
                1024);
    }

    @Override
    LlmRequest exampleRequest() {
        return request();
    }

    static final String TEXT = """
      {"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929",
       "content":[{"type":"text","text":"Hello!"}],"stop_reason":"end_turn","stop_sequence":null,
       "usage":{"input_tokens":2095,"output_tokens":503,"cache_creation_input_tokens":0,"cache_read_input_tokens":1000}}
      """;

    static final String TWO_TOOLS = """
      {"id":"msg_01Aq9w938a90dw8q","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929",
       "content":[{"type":"text","text":"I'll check both cities."},
         {"type":"tool_use","id":"toolu_01A09q90qw90lq917835lq9","name":"get_weather",\
      "input":{"location":"San Francisco, CA","unit":"celsius"}},
         {"type":"tool_use","id":"toolu_01B19r91rx91mr918946mr0","name":"get_weather",\
      "input":{"location":"New York, NY","unit":"celsius"}}],
       "stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":472,"output_tokens":91}}
      """;

    @Test
    void sendsTheVendorsHeadersAndBodyAndReadsPlainTextWithItsCost() throws Exception {
        vendor.then(FakeVendor.ok(TEXT));
        LlmResponse r = call(provider(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEqualTo("Hello!");
        assertThat(r.toolCalls()).isEmpty();
        assertThat(r.stopReason()).isEqualTo("end_turn");
        // input_tokens excludes cache reads on this API; svc counts all input, cached included.
        assertThat(r.usage().inputTokens()).isEqualTo(3095);
        assertThat(r.usage().outputTokens()).isEqualTo(503);
        assertThat(r.usage().cachedTokens()).isEqualTo(1000);
        // claude-sonnet-4-5: 2095 * $3/M + 1000 * $0.30/M + 503 * $15/M = 0.006285 + 0.0003 + 0.007545
        assertThat(PriceTable.costUsd(r.model(), r.usage())).isCloseTo(0.01413, Offset.offset(1e-9));

        FakeVendor.Received sent = vendor.received().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/v1/messages");
        assertThat(sent.header("x-api-key")).isEqualTo(KEY);
        assertThat(sent.header("anthropic-version")).isEqualTo("2023-06-01");
        assertThat(sent.header("content-type")).isEqualTo("application/json");
        var body = Json.parse(sent.body());
        assertThat(body.path("model").asText()).isEqualTo("claude-sonnet-4-5");
        assertThat(body.path("messages")
                        .get(1)
                        .path("content")
                        .get(0)
                        .path("type")
                        .asText())
                .isEqualTo("tool_use");
        assertThat(body.path("messages")
                        .get(2)
                        .path("content")
                        .get(0)
                        .path("tool_use_id")
                        .asText())
                .isEqualTo("toolu_1");
        assertThat(body.path("tools").get(0).path("input_schema").path("type").asText())
                .isEqualTo("object");
    }

    @Test
    void promptCacheWritesCountAsInput() {
        LlmResponse r = AnthropicMessagesCodec.decode(
                TEXT.replace("\"cache_creation_input_tokens\":0", "\"cache_creation_input_tokens\":248"));
        assertThat(r.usage()).isEqualTo(new Usage(2095 + 1000 + 248, 503, 1000));
    }

    @Test
    void readsSeveralToolCallsOfOneTurn() throws Exception {
        vendor.then(FakeVendor.ok(TWO_TOOLS));
        LlmResponse r = call(provider(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEqualTo("I'll check both cities.");
        assertThat(r.stopReason()).isEqualTo("tool_use");
        assertThat(r.toolCalls())
                .extracting(ToolCall::id)
                .containsExactly("toolu_01A09q90qw90lq917835lq9", "toolu_01B19r91rx91mr918946mr0");
        assertThat(Json.parse(r.toolCalls().get(1).argumentsJson())
                        .path("location")
                        .asText())
                .isEqualTo("New York, NY");
    }

    @Test
    void waitsAsLongAsRetryAfterSaysThenSucceeds() throws Exception {
        vendor.then(FakeVendor.status(
                        429,
                        Map.of("retry-after", "1"),
                        "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"Number "
                                + "of request tokens has exceeded your per-minute rate limit\"}}"))
                .then(FakeVendor.ok(TEXT));
        LlmResponse r = call(provider(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEqualTo("Hello!");
        assertThat(vendor.received()).hasSize(2);
        assertThat(wiring.scheduler.waits).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void retriesOverloadAndServerErrorsWithGrowingJitteredBackoff() throws Exception {
        vendor.then(FakeVendor.status(
                        529,
                        "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}"))
                .then(FakeVendor.status(503, ""))
                .then(FakeVendor.ok(TEXT));
        LlmResponse r = call(provider(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEqualTo("Hello!");
        // Half of 20 ms, then half of 40 ms (the test pins the jitter at 0.5).
        assertThat(wiring.scheduler.waits).containsExactly(Duration.ofMillis(10), Duration.ofMillis(20));
    }

    @Test
    void givesUpAfterMaxRetriesWithTheLastError() {
        for (int i = 0; i < 3; i++) {
            vendor.then(FakeVendor.status(
                    500,
                    "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"Internal server error\"}}"));
        }
        LlmException e = failure(provider(2, Duration.ofSeconds(10)));

        assertThat(e.isTransient()).isTrue();
        assertThat(e.getMessage())
                .isEqualTo("anthropic: HTTP 500 api_error: Internal server error (gave up after 3 attempts)");
        assertThat(vendor.received()).hasSize(3);
    }

    @Test
    void aPermanentErrorFailsAtOnceNamingStatusTypeAndMessage() {
        vendor.then(FakeVendor.status(
                400,
                "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"max_tokens: "
                        + "Field required\"},\"request_id\":\"req_011CSHoEeqs5C35K2UUqR7Fy\"}"));
        LlmException e = failure(provider(3, Duration.ofSeconds(10)));

        assertThat(e.isTransient()).isFalse();
        assertThat(e.getMessage()).isEqualTo("anthropic: HTTP 400 invalid_request_error: max_tokens: Field required");
        assertThat(vendor.received()).hasSize(1);
        assertThat(wiring.scheduler.waits).isEmpty();
    }

    @Test
    void anErrorBodyEchoingTheKeyNeverCarriesItIntoTheMessage() {
        vendor.then(FakeVendor.status(
                401,
                "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key "
                        + KEY + "\"}}"));
        LlmException e = failure(provider(3, Duration.ofSeconds(10)));

        assertThat(e.getMessage())
                .doesNotContain(KEY)
                .contains("HTTP 401 authentication_error")
                .contains("[REDACTED:ANTHROPIC_API_KEY]");
    }

    @Test
    void aTimeoutIsRetriedAndThenReportedAsTransient() {
        vendor.then(FakeVendor.hang()).then(FakeVendor.ok(TEXT));
        // The retry must be answered within the timeout too: room for a loaded machine.
        MessagesApiProvider p = provider(1, Duration.ofSeconds(2));
        LlmResponse r = p.complete(request()).toCompletableFuture().join();
        assertThat(r.text()).isEqualTo("Hello!");

        vendor.then(FakeVendor.hang());
        LlmException e = failure(provider(0, Duration.ofMillis(300)));
        assertThat(e.isTransient()).isTrue();
        assertThat(e.getMessage()).isEqualTo("anthropic: no answer within 300 ms");
    }

    @Test
    void aMalformedBodyIsAPermanentFailure() {
        vendor.then(FakeVendor.ok("{\"id\":\"msg_1\",\"type\":\"message\",\"content\":"))
                .then(FakeVendor.ok("{\"id\":\"msg_2\",\"type\":\"message\"}"));
        MessagesApiProvider p = provider(3, Duration.ofSeconds(10));

        assertThat(failure(p).getMessage()).startsWith("the model's response is not JSON");
        LlmException noContent = failure(p);
        assertThat(noContent.isTransient()).isFalse();
        assertThat(noContent.getMessage()).isEqualTo("the model's response has no content array");
    }

    @Test
    void aMissingKeyIsAClearErrorNamingTheVariableAtConstruction() {
        assertThatThrownBy(() -> ApiKey.required("ANTHROPIC_API_KEY", "anthropic", Map.<String, String>of()::get))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ANTHROPIC_API_KEY is not set")
                .hasMessageContaining("api_key_env");
        assertThat(TestWiring.key("ANTHROPIC_API_KEY", KEY).toString()).doesNotContain(KEY);
    }
}
