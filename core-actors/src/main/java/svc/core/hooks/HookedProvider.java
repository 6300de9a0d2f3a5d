package svc.core.hooks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.config.Json;
import svc.core.llm.LlmException;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/**
 * A model provider with the model-side hook events around it, run on the blocking executor:
 * SESSION_START before an agent's first model turn (its conversation holds one message) and
 * LLM_CALL_WRAPPER after the answer (request summary and answer), which may block the answer (the
 * model turn then fails with the hook named). The provider knows the agent, not the run: these
 * events carry no run id. POST_LLM runs in {@link HookedPermissions#screenAnswer}, with the run.
 */
public final class HookedProvider implements LlmProvider {

    private final LlmProvider inner;
    private final HookPipeline hooks;
    private final Executor blocking;

    public HookedProvider(LlmProvider inner, HookPipeline hooks, Executor blocking) {
        this.inner = inner;
        this.hooks = hooks;
        this.blocking = blocking;
    }

    @Override
    public String kind() {
        return inner.kind();
    }

    @Override
    public CompletionStage<LlmResponse> complete(LlmRequest request) {
        CompletionStage<Void> before = request.messages().size() == 1
                ? CompletableFuture.runAsync(
                        () -> hooks.run(new HookInput(
                                HookEvent.SESSION_START,
                                null,
                                request.agent(),
                                null,
                                Json.object().put("model", request.model()))),
                        blocking)
                : CompletableFuture.completedFuture(null);
        return before.thenComposeAsync(v -> inner.complete(request), blocking)
                .thenApplyAsync(response -> after(request, response), blocking);
    }

    private LlmResponse after(LlmRequest request, LlmResponse response) {
        ObjectNode answer = Json.object()
                .put("model", response.model())
                .put("text", response.text())
                .put("stop_reason", response.stopReason());
        var calls = answer.putArray("tool_calls");
        response.toolCalls()
                .forEach(c -> calls.addObject().put("name", c.name()).put("arguments", c.argumentsJson()));
        ObjectNode payload = Json.object();
        payload.putObject("request")
                .put("model", request.model())
                .put("messages", request.messages().size())
                .put("tools", request.tools().size());
        payload.set("response", answer);
        HookResult r = hooks.run(new HookInput(HookEvent.LLM_CALL_WRAPPER, null, request.agent(), null, payload));
        if (r.blocked()) {
            throw new LlmException(r.denial(), false);
        }
        return response;
    }
}
