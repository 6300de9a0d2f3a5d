package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.PriceTable;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.llm.Usage;

/** OpenAI chat completions (and vLLM through the same class) against a local server. */
class OpenAiChatProviderTest extends VendorClientTestBase {

    static final String KEY = "sk-proj-test-abcdefghijklmnopqrstuvwxyz";

    OpenAiChatProvider openAi(int maxRetries, Duration timeout) {
        ApiKey key = TestWiring.key("OPENAI_API_KEY", KEY);
        return OpenAiChatProvider.openAi(
                vendor.baseUrl(), key, wiring.http("openai", maxRetries, timeout, Optional.of(key)), wiring.callbacks);
    }

    static LlmRequest request() {
        return new LlmRequest(
                "data-profiler",
                "gpt-4.1",
                "You profile datasets.",
                List.of(
                        ChatMessage.user("Weather in Boston and Paris?"),
                        ChatMessage.assistant(
                                "",
                                List.of(
                                        new ToolCall("call_a", "get_weather", "{\"location\":\"Boston, MA\"}"),
                                        new ToolCall("call_b", "get_weather", "{\"location\":\"Paris\"}"))),
                        ChatMessage.toolResult("call_a", "12 C", false),
                        ChatMessage.toolResult("call_b", "city not found", true)),
                List.of(new ToolSpec(
                        "get_weather",
                        "Get the current weather",
                        "{\"type\":\"object\",\"properties\":{\"location\":{\"type\":\"string\"}}}")),
                512);
    }

    @Override
    LlmRequest exampleRequest() {
        return request();
    }

    static final String TEXT = """
      {"id":"chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT","object":"chat.completion","created":1741569952,\
      "model":"gpt-4.1-2025-04-14",
       "choices":[{"index":0,"message":{"role":"assistant","content":"Hello! How can I assist you today?",\
      "refusal":null,"annotations":[]},
         "logprobs":null,"finish_reason":"stop"}],
       "usage":{"prompt_tokens":19,"completion_tokens":10,"total_tokens":29,
         "prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},
         "completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,\
      "rejected_prediction_tokens":0}},
       "service_tier":"default","system_fingerprint":null}
      """;

    static final String ONE_TOOL = """
      {"id":"chatcmpl-abc123","object":"chat.completion","created":1699896916,"model":"gpt-4o-mini-2024-07-18",
       "choices":[{"index":0,"message":{"role":"assistant","content":null,
         "tool_calls":[{"id":"call_abc123","type":"function","function":{"name":"get_current_weather",\
      "arguments":"{\\n\\"location\\": \\"Boston, MA\\"\\n}"}}]},
         "logprobs":null,"finish_reason":"tool_calls"}],
       "usage":{"prompt_tokens":82,"completion_tokens":17,"total_tokens":99,\
      "prompt_tokens_details":{"cached_tokens":0}}}
      """;

    static final String TWO_TOOLS = """
      {"id":"chatcmpl-parallel","object":"chat.completion","created":1699896916,"model":"gpt-4o-2024-08-06",
       "choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[
         {"id":"call_1","type":"function","function":{"name":"get_weather",\
      "arguments":"{\\"location\\":\\"Paris, France\\"}"}},
         {"id":"call_2","type":"function","function":{"name":"get_weather",\
      "arguments":"{\\"location\\":\\"Bogotá, Colombia\\"}"}},
         {"id":"call_3","type":"function","function":{"name":"send_email",\
      "arguments":"{\\"to\\":\\"bob@email.com\\",\\"body\\":\\"Hi\\"}"}}]},
         "finish_reason":"tool_calls"}],
       "usage":{"prompt_tokens":2006,"completion_tokens":300,"total_tokens":2306,\
      "prompt_tokens_details":{"cached_tokens":1920}}}
      """;

    @Test
    void sendsBearerKeyFunctionToolsAndToolMessagesAndReadsText() throws Exception {
        vendor.then(FakeVendor.ok(TEXT));
        LlmResponse r = call(openAi(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEqualTo("Hello! How can I assist you today?");
        assertThat(r.stopReason()).isEqualTo("stop");
        assertThat(r.model()).isEqualTo("gpt-4.1-2025-04-14");
        assertThat(r.usage()).isEqualTo(new Usage(19, 10, 0));

        FakeVendor.Received sent = vendor.received().get(0);
        assertThat(sent.path()).isEqualTo("/v1/chat/completions");
        assertThat(sent.header("authorization")).isEqualTo("Bearer " + KEY);
        JsonNode body = Json.parse(sent.body());
        assertThat(body.path("max_completion_tokens").asInt()).isEqualTo(512);
        JsonNode messages = body.path("messages");
        assertThat(messages.get(0).path("role").asText()).isEqualTo("system");
        assertThat(messages.get(2).path("content").isNull()).isTrue();
        assertThat(messages.get(2)
                        .path("tool_calls")
                        .get(1)
                        .path("function")
                        .path("arguments")
                        .asText())
                .isEqualTo("{\"location\":\"Paris\"}");
        assertThat(messages.get(3).path("role").asText()).isEqualTo("tool");
        assertThat(messages.get(3).path("tool_call_id").asText()).isEqualTo("call_a");
        assertThat(messages.get(4).path("content").asText()).isEqualTo("[tool error] city not found");
        JsonNode tool = body.path("tools").get(0);
        assertThat(tool.path("type").asText()).isEqualTo("function");
        assertThat(tool.path("function").path("parameters").path("properties").has("location"))
                .isTrue();
    }

    @Test
    void readsOneToolCallWithArgumentsAsAJsonString() throws Exception {
        vendor.then(FakeVendor.ok(ONE_TOOL));
        LlmResponse r = call(openAi(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEmpty();
        assertThat(r.stopReason()).isEqualTo("tool_calls");
        assertThat(r.toolCalls()).singleElement().satisfies(c -> {
            assertThat(c.id()).isEqualTo("call_abc123");
            assertThat(c.name()).isEqualTo("get_current_weather");
            assertThat(Json.parse(c.argumentsJson()).path("location").asText()).isEqualTo("Boston, MA");
        });
        // gpt-4o-mini is priced as itself, not as gpt-4o: 82 * 0.15/M + 17 * 0.60/M.
        assertThat(PriceTable.costUsd(r.model(), r.usage())).isCloseTo(0.0000225, Offset.offset(1e-12));
    }

    @Test
    void readsSeveralToolCallsAndCachedTokensAndPricesThem() throws Exception {
        vendor.then(FakeVendor.ok(TWO_TOOLS));
        LlmResponse r = call(openAi(3, Duration.ofSeconds(10)));

        assertThat(r.toolCalls()).extracting(ToolCall::id).containsExactly("call_1", "call_2", "call_3");
        assertThat(Json.parse(r.toolCalls().get(1).argumentsJson())
                        .path("location")
                        .asText())
                .isEqualTo("Bogotá, Colombia");
        assertThat(r.usage()).isEqualTo(new Usage(2006, 300, 1920));
        // gpt-4o: 86 uncached * $2.50/M + 1920 cached * $1.25/M + 300 * $10/M = 0.000215 + 0.0024 + 0.003
        assertThat(PriceTable.costUsd(r.model(), r.usage())).isCloseTo(0.005615, Offset.offset(1e-12));
    }

    @Test
    void honoursRetryAfterAsAnHttpDate() throws Exception {
        // An HTTP date has whole seconds, and the client reads its clock when the 429 arrives,
        // which on a loaded machine can be well after the date was written: the wait it asks for
        // is the date sent less that moment, which lies between the call's start and the moment
        // the retry was scheduled.
        ZonedDateTime sent = ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        vendor.then(FakeVendor.status(
                        429,
                        Map.of("retry-after", DateTimeFormatter.RFC_1123_DATE_TIME.format(sent)),
                        "{\"error\":{\"message\":\"Rate limit reached for gpt-4.1\",\"type\":\"requests\","
                                + "\"param\":null,\"code\":\"rate_limit_exceeded\"}}"))
                .then(FakeVendor.ok(TEXT));
        Instant callStarted = Instant.now();
        LlmResponse r = call(openAi(3, Duration.ofSeconds(10)));

        assertThat(r.text()).startsWith("Hello!");
        assertThat(wiring.scheduler.waits).hasSize(1);
        Duration room = Duration.ofMillis(100); // clock reads a few instructions apart
        Duration atMost = Duration.between(callStarted, sent.toInstant()).plus(room);
        Duration atLeast = Duration.between(wiring.scheduler.askedAt.get(0), sent.toInstant())
                .minus(room);
        assertThat(wiring.scheduler.waits.get(0)).isBetween(atLeast, atMost);
    }

    @Test
    void retriesA502ThenSucceeds() throws Exception {
        vendor.then(FakeVendor.status(502, "<html>Bad gateway</html>")).then(FakeVendor.ok(TEXT));
        assertThat(call(openAi(3, Duration.ofSeconds(10))).text()).startsWith("Hello!");
        assertThat(vendor.received()).hasSize(2);
    }

    @Test
    void aBadKeyFailsAtOnceWithTheVendorsTypeAndWithoutTheKey() {
        vendor.then(
                FakeVendor.status(
                        401,
                        "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY
                                + ". You can find your API key at https://platform.openai.com/account/api-keys.\",\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"invalid_api_key\"}}"));
        LlmException e = failure(openAi(3, Duration.ofSeconds(10)));

        assertThat(e.isTransient()).isFalse();
        assertThat(e.getMessage())
                .startsWith("openai: HTTP 401 invalid_request_error: Incorrect API key provided")
                .doesNotContain(KEY);
        assertThat(vendor.received()).hasSize(1);
    }

    @Test
    void notFoundAndMalformedBodiesArePermanent() {
        vendor.then(FakeVendor.status(
                404,
                "{\"error\":{\"message\":\"The model `gpt-9` does not exist or you do not have access to it.\","
                        + "\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"model_not_found\"}}"));
        assertThat(failure(openAi(3, Duration.ofSeconds(10))).getMessage())
                .isEqualTo("openai: HTTP 404 invalid_request_error: The model `gpt-9` does not exist "
                        + "or you do not have access to it.");

        vendor.then(FakeVendor.ok("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}"));
        LlmException e = failure(openAi(3, Duration.ofSeconds(10)));
        assertThat(e.isTransient()).isFalse();
        assertThat(e.getMessage()).isEqualTo("the model's response has no choices[0].message");

        vendor.then(FakeVendor.ok("not json at all"));
        assertThat(failure(openAi(3, Duration.ofSeconds(10))).getMessage())
                .startsWith("the model's response is not JSON");
    }

    @Test
    void aTimeoutFailsAsTransientAfterItsRetries() {
        vendor.then(FakeVendor.hang()).then(FakeVendor.hang());
        LlmException e = failure(openAi(1, Duration.ofMillis(250)));
        assertThat(e.isTransient()).isTrue();
        assertThat(e.getMessage()).isEqualTo("openai: no answer within 250 ms (gave up after 2 attempts)");
    }

    @Test
    void vllmNeedsNoKeyAndSendsNoAuthorization() throws Exception {
        vendor.then(FakeVendor.ok(TEXT));
        OpenAiChatProvider vllm = OpenAiChatProvider.vllm(
                vendor.baseUrl() + "/v1/",
                Optional.empty(),
                wiring.http("vllm", 3, Duration.ofSeconds(5), Optional.empty()),
                wiring.callbacks);
        assertThat(call(vllm).text()).startsWith("Hello!");
        assertThat(vllm.kind()).isEqualTo("vllm");

        FakeVendor.Received sent = vendor.received().get(0);
        assertThat(sent.path()).isEqualTo("/v1/chat/completions");
        assertThat(sent.header("authorization")).isNull();
        assertThat(Json.parse(sent.body()).path("max_tokens").asInt()).isEqualTo(512);
    }

    @Test
    void aMissingKeyNamesTheVariable() {
        assertThatThrownBy(() -> ApiKey.required("OPENAI_API_KEY", "openai", Map.<String, String>of()::get))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the environment variable OPENAI_API_KEY is not set");
    }
}
