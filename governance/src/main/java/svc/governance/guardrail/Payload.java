package svc.governance.guardrail;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * What a guardrail judges. A closed set, because every guardrail must know how to look inside
 * each shape: free text (a model answer, a tool result, a storage write), a JSON tree (tool
 * arguments or a structured tool result) or a list of chat messages (the request to the model).
 */
public sealed interface Payload permits Payload.Text, Payload.Json, Payload.Messages {

    /** Plain text. */
    record Text(String text) implements Payload {
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A JSON tree, e.g. a tool call's arguments; guardrails never mutate it, they return a copy. */
    record Json(JsonNode node) implements Payload {
        public Json {
            Objects.requireNonNull(node, "node");
        }
    }

    /** Chat messages in order; the role lets G3 skip system messages. */
    record Messages(List<Message> messages) implements Payload {
        public Messages {
            messages = List.copyOf(messages);
        }
    }

    /** One chat message: {@code role} is {@code system}, {@code user}, {@code assistant} or {@code tool}. */
    record Message(String role, String content) {
        public Message {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(content, "content");
        }
    }

    static Payload text(String text) {
        return new Text(text);
    }
}
