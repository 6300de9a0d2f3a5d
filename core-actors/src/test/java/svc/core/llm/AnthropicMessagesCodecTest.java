package svc.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import svc.config.Json;

class AnthropicMessagesCodecTest {

    @Test
    void toolResultsTravelAsOneUserTurnAfterTheAssistantTurnThatCalledThem() {
        LlmRequest request = new LlmRequest(
                "data-profiler",
                "claude-haiku-4-5",
                "You profile data.",
                List.of(
                        ChatMessage.user("Profile it."),
                        ChatMessage.assistant(
                                "Two calls.",
                                List.of(
                                        new ToolCall("t1", "inspect_dataset", "{\"a\":1}"),
                                        new ToolCall("t2", "list_artifacts", "{}"))),
                        ChatMessage.toolResult("t1", "{\"rows\":3}", false),
                        ChatMessage.toolResult("t2", "boom", true)),
                List.of(new ToolSpec("inspect_dataset", "Look.", "{\"type\":\"object\"}")),
                1024);
        JsonNode body = Json.parse(AnthropicMessagesCodec.encode(request));
        assertThat(body.path("system").asText()).isEqualTo("You profile data.");
        assertThat(body.path("max_tokens").asInt()).isEqualTo(1024);
        JsonNode messages = body.path("messages");
        assertThat(messages).hasSize(3);
        assertThat(messages.get(1).path("content").get(1).path("type").asText()).isEqualTo("tool_use");
        assertThat(messages.get(1)
                        .path("content")
                        .get(1)
                        .path("input")
                        .path("a")
                        .asInt())
                .isEqualTo(1);
        JsonNode results = messages.get(2).path("content");
        assertThat(messages.get(2).path("role").asText()).isEqualTo("user");
        assertThat(results).hasSize(2);
        assertThat(results.get(0).path("tool_use_id").asText()).isEqualTo("t1");
        assertThat(results.get(1).path("is_error").asBoolean()).isTrue();
        assertThat(body.path("tools").get(0).path("input_schema").path("type").asText())
                .isEqualTo("object");
    }

    @Test
    void decodesTextToolUseAndUsageIncludingCachedTokens() {
        String response = """
        {"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5",
         "content":[{"type":"text","text":"Looking."},{"type":"tool_use","id":"toolu_9","name":"inspect_dataset",\
        "input":{"target":"y"}}],
         "stop_reason":"tool_use","usage":{"input_tokens":100,"output_tokens":20,"cache_read_input_tokens":50}}
        """;
        LlmResponse r = AnthropicMessagesCodec.decode(response);
        assertThat(r.text()).isEqualTo("Looking.");
        assertThat(r.toolCalls()).singleElement().satisfies(c -> {
            assertThat(c.id()).isEqualTo("toolu_9");
            assertThat(Json.parse(c.argumentsJson()).path("target").asText()).isEqualTo("y");
        });
        assertThat(r.usage()).isEqualTo(new Usage(150, 20, 50));
        // 100 uncached at $3/M, 50 cached at $0.30/M, 20 out at $15/M
        assertThat(PriceTable.costUsd(r.model(), r.usage()))
                .isCloseTo((100 * 3.0 + 50 * 0.30 + 20 * 15.0) / 1e6, Offset.offset(1e-12));
    }

    @Test
    void errorBodiesAndMalformedBodiesAreLlmExceptionsThatSayWhetherToRetry() {
        assertThatThrownBy(() -> AnthropicMessagesCodec.decode(
                        "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"busy\"}}"))
                .isInstanceOfSatisfying(
                        LlmException.class, e -> assertThat(e.isTransient()).isTrue())
                .hasMessageContaining("busy");
        assertThatThrownBy(() -> AnthropicMessagesCodec.decode(
                        "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"bad\"}}"))
                .isInstanceOfSatisfying(
                        LlmException.class, e -> assertThat(e.isTransient()).isFalse());
        assertThatThrownBy(() -> AnthropicMessagesCodec.decode("<html>"))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("not JSON");
        assertThatThrownBy(() -> AnthropicMessagesCodec.decode("{\"type\":\"message\"}"))
                .isInstanceOf(LlmException.class)
                .hasMessageContaining("content");
    }
}
