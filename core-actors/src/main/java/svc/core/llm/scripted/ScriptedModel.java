package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import svc.config.Json;
import svc.core.llm.MessagesTransport;

/**
 * The embedded model: a deterministic policy per agent tier that reads a Messages-API request
 * (system prompt, offered tools, the current task and the tool results so far) and writes a
 * Messages-API response, as a competent agent would. It is reached through the same codec and
 * accounting as the hosted vendor, so nothing above the transport knows it is scripted.
 *
 * <p>The tier is read from the tools it is offered: a director may transfer to coordinators, a
 * coordinator to its workers, a worker only calls tools.
 */
public final class ScriptedModel implements MessagesTransport {

    private final AtomicLong ids = new AtomicLong();

    @Override
    public CompletionStage<String> post(String requestJson) {
        try {
            JsonNode request = Json.parse(requestJson);
            Dialogue dialogue = Dialogue.of(request);
            Move move = policyFor(dialogue).next(dialogue);
            return CompletableFuture.completedFuture(Json.write(response(request, move)));
        } catch (RuntimeException e) {
            ObjectNode error = Json.object().put("type", "error");
            error.putObject("error")
                    .put("type", "invalid_request_error")
                    .put("message", String.valueOf(e.getMessage()));
            return CompletableFuture.completedFuture(Json.write(error));
        }
    }

    private static Policy policyFor(Dialogue d) {
        if (DelegatePolicy.applies(d)) {
            return new DelegatePolicy();
        }
        boolean delegatesToCoordinators =
                d.tools().stream().anyMatch(t -> t.startsWith("transfer_to_") && t.endsWith("-coordinator"));
        if (delegatesToCoordinators) {
            return new DirectorPolicy();
        }
        boolean delegates = d.tools().stream().anyMatch(t -> t.startsWith("transfer_to_"));
        return delegates ? new CoordinatorPolicy() : new WorkerPolicy();
    }

    private ObjectNode response(JsonNode request, Move move) {
        ObjectNode body = Json.object();
        body.put("id", "msg_scripted_" + ids.incrementAndGet());
        body.put("type", "message");
        body.put("role", "assistant");
        body.put("model", request.path("model").asText("scripted"));
        ArrayNode content = body.putArray("content");
        String stopReason;
        if (move instanceof Move.UseTools use) {
            if (!use.thought().isEmpty()) {
                content.addObject().put("type", "text").put("text", use.thought());
            }
            // Ids unique within the conversation and the same on every replay of it: the position
            // of this turn and the call's index in it.
            int turn = request.path("messages").size();
            int index = 0;
            for (Move.Call call : use.calls()) {
                content.addObject()
                        .put("type", "tool_use")
                        .put("id", "toolu_" + turn + "_" + index++)
                        .put("name", call.tool())
                        .set("input", call.input());
            }
            stopReason = "tool_use";
        } else {
            content.addObject().put("type", "text").put("text", ((Move.Answer) move).text());
            stopReason = "end_turn";
        }
        body.put("stop_reason", stopReason);
        // Token counts as a tokenizer would roughly give them (about four characters a token), so
        // that cost accounting and budgets behave as they would with a hosted model.
        ObjectNode usage = body.putObject("usage");
        usage.put("input_tokens", Math.max(1, Json.write(request).length() / 4));
        usage.put("output_tokens", Math.max(1, Json.write(content).length() / 4));
        usage.put("cache_read_input_tokens", 0);
        return body;
    }

    /** One tier's way of deciding. */
    interface Policy {
        Move next(Dialogue dialogue);
    }
}
