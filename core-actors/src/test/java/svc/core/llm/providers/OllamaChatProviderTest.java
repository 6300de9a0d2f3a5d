package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.llm.Usage;

/** Ollama's /api/chat against a local server answering as Ollama documents. */
class OllamaChatProviderTest extends VendorClientTestBase {

    OllamaChatProvider ollama(int maxRetries, Duration timeout) {
        return new OllamaChatProvider(
                vendor.baseUrl(), wiring.http("ollama", maxRetries, timeout, Optional.empty()), wiring.callbacks);
    }

    static LlmRequest request() {
        return new LlmRequest(
                "data-profiler",
                "llama3.1:8b",
                "You profile datasets.",
                List.of(
                        ChatMessage.user("Weather in Toronto?"),
                        ChatMessage.assistant(
                                "", List.of(new ToolCall("call_1_0", "get_current_weather", "{\"city\":\"Toronto\"}"))),
                        ChatMessage.toolResult("call_1_0", "11 degrees celsius", false)),
                List.of(new ToolSpec(
                        "get_current_weather",
                        "Get the current weather for a city",
                        "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}")),
                256);
    }

    @Override
    LlmRequest exampleRequest() {
        return request();
    }

    static final String TEXT = """
      {"model":"llama3.1:8b","created_at":"2023-12-12T14:13:43.416799Z",
       "message":{"role":"assistant","content":"Hello! How are you today?"},
       "done_reason":"stop","done":true,"total_duration":5191566416,"load_duration":2154458,
       "prompt_eval_count":26,"prompt_eval_duration":383809000,"eval_count":298,"eval_duration":4799921000}
      """;

    static final String TOOLS = """
      {"model":"llama3.1:8b","created_at":"2024-07-22T20:33:28.123648Z",
       "message":{"role":"assistant","content":"",
         "tool_calls":[
           {"function":{"name":"get_current_weather","arguments":{"format":"celsius","location":"Paris, FR"}}},
           {"function":{"name":"get_current_weather","arguments":{"format":"celsius","location":"Toronto, CA"}}}]},
       "done_reason":"stop","done":true,"total_duration":885095291,"load_duration":3753500,
       "prompt_eval_count":122,"prompt_eval_duration":328493000,"eval_count":33,"eval_duration":552222000}
      """;

    @Test
    void sendsANonStreamedChatWithToolsAndReadsText() throws Exception {
        vendor.then(FakeVendor.ok(TEXT));
        LlmResponse r = call(ollama(3, Duration.ofSeconds(10)));

        assertThat(r.text()).isEqualTo("Hello! How are you today?");
        assertThat(r.stopReason()).isEqualTo("stop");
        assertThat(r.usage()).isEqualTo(new Usage(26, 298, 0));

        FakeVendor.Received sent = vendor.received().get(0);
        assertThat(sent.path()).isEqualTo("/api/chat");
        assertThat(sent.header("authorization")).isNull();
        JsonNode body = Json.parse(sent.body());
        assertThat(body.path("stream").asBoolean(true)).isFalse();
        assertThat(body.path("model").asText()).isEqualTo("llama3.1:8b");
        JsonNode messages = body.path("messages");
        assertThat(messages.get(0).path("role").asText()).isEqualTo("system");
        // Arguments go back to Ollama as an object, tool results name the tool they answer.
        assertThat(messages.get(2)
                        .path("tool_calls")
                        .get(0)
                        .path("function")
                        .path("arguments")
                        .path("city")
                        .asText())
                .isEqualTo("Toronto");
        assertThat(messages.get(3).path("role").asText()).isEqualTo("tool");
        assertThat(messages.get(3).path("tool_name").asText()).isEqualTo("get_current_weather");
        assertThat(body.path("tools").get(0).path("function").path("name").asText())
                .isEqualTo("get_current_weather");
    }

    @Test
    void readsSeveralToolCallsWithObjectArgumentsAndGivesThemStableIds() throws Exception {
        vendor.then(FakeVendor.ok(TOOLS)).then(FakeVendor.ok(TOOLS));
        LlmResponse r = call(ollama(3, Duration.ofSeconds(10)));

        assertThat(r.stopReason()).isEqualTo("tool_calls");
        assertThat(r.toolCalls()).extracting(ToolCall::id).containsExactly("call_3_0", "call_3_1");
        assertThat(Json.parse(r.toolCalls().get(1).argumentsJson())
                        .path("location")
                        .asText())
                .isEqualTo("Toronto, CA");
        assertThat(r.usage()).isEqualTo(new Usage(122, 33, 0));
        // The same conversation gets the same ids: a replayed journal matches what was sent.
        assertThat(call(ollama(3, Duration.ofSeconds(10))).toolCalls()).isEqualTo(r.toolCalls());
    }

    @Test
    void aModelNotFoundIsPermanentAndAnOverloadIsRetried() throws Exception {
        vendor.then(FakeVendor.status(404, "{\"error\":\"model 'llama3.1:8b' not found, try pulling it first\"}"));
        LlmException e = failure(ollama(3, Duration.ofSeconds(10)));
        assertThat(e.isTransient()).isFalse();
        assertThat(e.getMessage()).isEqualTo("ollama: HTTP 404 model 'llama3.1:8b' not found, try pulling it first");

        vendor.then(FakeVendor.status(
                        503, "{\"error\":\"server busy, please try again.  maximum pending requests exceeded\"}"))
                .then(FakeVendor.ok(TEXT));
        assertThat(call(ollama(3, Duration.ofSeconds(10))).text()).startsWith("Hello!");
    }

    @Test
    void malformedBodiesAndTimeoutsFailClearly() {
        vendor.then(FakeVendor.ok("{\"model\":\"llama3.1:8b\",\"done\":true}"));
        assertThat(failure(ollama(0, Duration.ofSeconds(10))).getMessage())
                .isEqualTo("the model's response has no message");

        vendor.then(FakeVendor.hang());
        LlmException timeout = failure(ollama(0, Duration.ofMillis(200)));
        assertThat(timeout.isTransient()).isTrue();
        assertThat(timeout.getMessage()).isEqualTo("ollama: no answer within 200 ms");
    }

    @Test
    void aRefusedConnectionIsTransient() throws Exception {
        String base = vendor.baseUrl();
        vendor.close();
        OllamaChatProvider p = new OllamaChatProvider(
                base, wiring.http("ollama", 1, Duration.ofSeconds(5), Optional.empty()), wiring.callbacks);
        LlmException e = failure(p);
        assertThat(e.isTransient()).isTrue();
        assertThat(e.getMessage()).startsWith("ollama: ConnectException").endsWith("(gave up after 2 attempts)");
    }
}
