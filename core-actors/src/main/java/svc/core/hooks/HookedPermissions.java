package svc.core.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import svc.config.Json;
import svc.core.agent.Delegation;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmException;
import svc.core.llm.LlmResponse;
import svc.core.tools.StorageWrites;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolResult;

/**
 * The governance seam with the hook pipeline around it: after the permission engine allows a
 * call, the PRE_TOOL hooks may block it (the denial names the hook, source {@code hook}); after
 * the POST_TOOL guardrails, the POST_TOOL hooks may withhold the result or lift a mutation into
 * it; after the injection screen, the PRE_LLM hooks may stop the conversation going out; after the
 * POST_LLM guardrails, the POST_LLM hooks may refuse the answer; after G10, the AGENT_DELEGATE
 * hooks may refuse a delegation; after G4, the STORAGE_WRITE hooks may withhold or amend a
 * conversation line or (through {@link #storedFile}) an artefact file. The other methods are the
 * inner seam's, unchanged. Every
 * method here runs on the blocking dispatcher (the agent loop and the tool invoker call it there).
 */
public final class HookedPermissions implements ToolPermissions {

    public static final String SOURCE = "hook";

    private final ToolPermissions inner;
    private final HookPipeline hooks;

    public HookedPermissions(ToolPermissions inner, HookPipeline hooks) {
        this.inner = inner;
        this.hooks = hooks;
    }

    /** The seam inside (the platform's governance), for what configures it. */
    public ToolPermissions inner() {
        return inner;
    }

    @Override
    public Verdict check(String runId, String agent, String tool, String argumentsJson) {
        Verdict verdict = inner.check(runId, agent, tool, argumentsJson);
        if (!verdict.allowed()) {
            return verdict;
        }
        HookResult r = hooks.run(new HookInput(HookEvent.PRE_TOOL, runId, agent, tool, parse(argumentsJson)));
        return r.blocked() ? Verdict.deny(SOURCE, r.denial()) : verdict;
    }

    @Override
    public Verdict checkAction(String runId, String user, String action, String argumentsJson) {
        return inner.checkAction(runId, user, action, argumentsJson);
    }

    @Override
    public ToolResult afterTool(ToolContext context, String tool, ToolResult result) {
        ToolResult screened = inner.afterTool(context, tool, result);
        ObjectNode payload = Json.object().put("ok", screened.ok());
        payload.set("result", parse(screened.contentJson()));
        HookResult r = hooks.run(new HookInput(HookEvent.POST_TOOL, context.runId(), context.agent(), tool, payload));
        if (r.blocked()) {
            return ToolResult.error("the result of " + tool + " was withheld: " + r.denial());
        }
        if (r.mutation() == null) {
            return screened;
        }
        JsonNode content = parse(screened.contentJson());
        ObjectNode lifted = content.isObject() ? (ObjectNode) content : Json.object();
        if (!content.isObject()) {
            lifted.set("result", content);
        }
        lifted.setAll(r.mutation());
        return new ToolResult(screened.ok(), Json.write(lifted), screened.facts());
    }

    @Override
    public Optional<String> screenPrompt(String runId, String agent, List<ChatMessage> conversation) {
        Optional<String> refused = inner.screenPrompt(runId, agent, conversation);
        if (refused.isPresent()) {
            return refused;
        }
        var messages = Json.MAPPER.createArrayNode();
        for (ChatMessage m : conversation) {
            messages.addObject().put("role", m.role().name().toLowerCase()).put("content", m.content());
        }
        ObjectNode payload = Json.object();
        payload.set("messages", messages);
        HookResult r = hooks.run(new HookInput(HookEvent.PRE_LLM, runId, agent, null, payload));
        return r.blocked() ? Optional.of(r.denial()) : Optional.empty();
    }

    /** POST_LLM: after the POST_LLM guardrails; a block fails the model turn with the hook named. */
    @Override
    public ScreenedAnswer screenAnswer(String runId, String agent, LlmResponse answer) {
        ScreenedAnswer screened = inner.screenAnswer(runId, agent, answer);
        LlmResponse r = screened.response();
        ObjectNode payload =
                Json.object().put("model", r.model()).put("text", r.text()).put("stop_reason", r.stopReason());
        var calls = payload.putArray("tool_calls");
        r.toolCalls().forEach(c -> calls.addObject().put("name", c.name()).put("arguments", c.argumentsJson()));
        HookResult result = hooks.run(new HookInput(HookEvent.POST_LLM, runId, agent, null, payload));
        if (result.blocked()) {
            throw new LlmException(result.denial(), false);
        }
        return screened;
    }

    /**
     * STORAGE_WRITE on a conversation line, after G4 and before it is written: a block writes the
     * line with its content withheld (the hook named), a mutation is merged into the line (its
     * {@code seq}, {@code ts}, {@code agent}, {@code task_id} and {@code role} stay).
     */
    @Override
    public String screenStored(String runId, String line) {
        String screened = inner.screenStored(runId, line);
        if (hooks.active(HookEvent.STORAGE_WRITE).isEmpty()) {
            // Every line of every conversation passes here: no parsing when no hook would see it.
            return screened;
        }
        JsonNode parsed = parse(screened);
        if (!parsed.isObject()) {
            return screened;
        }
        ObjectNode object = (ObjectNode) parsed;
        ObjectNode payload = Json.object().put("kind", "conversation");
        payload.set("line", object);
        HookResult r = hooks.run(new HookInput(
                HookEvent.STORAGE_WRITE, runId, object.path("agent").asText(null), null, payload));
        if (r.blocked()) {
            ObjectNode withheld = Json.object();
            for (String kept : LINE_KEYS) {
                if (object.has(kept)) {
                    withheld.set(kept, object.get(kept));
                }
            }
            withheld.put("content", "[withheld: " + r.denial() + "]").put("_withheld", true);
            return Json.write(withheld);
        }
        if (r.mutation() == null) {
            return screened;
        }
        ObjectNode mutated = object.deepCopy();
        r.mutation().fields().forEachRemaining(f -> {
            if (!LINE_KEYS.contains(f.getKey())) {
                mutated.set(f.getKey(), f.getValue());
            }
        });
        return Json.write(mutated);
    }

    private static final List<String> LINE_KEYS = List.of("seq", "ts", "agent", "task_id", "role");

    /**
     * STORAGE_WRITE on an artefact file a tool wrote (after the guardrails treated it; see {@link
     * StorageWrites}): a block stores {@code [withheld: ...]} in its place, a mutation is merged into
     * a JSON object file (other files have no fields to merge into and stay as written).
     */
    public String storedFile(ToolContext context, String tool, String path, String text) {
        if (hooks.active(HookEvent.STORAGE_WRITE).isEmpty()) {
            return null;
        }
        ObjectNode payload = Json.object().put("kind", "artefact").put("path", path);
        JsonNode content = path.endsWith(".json")
                ? parse(text)
                : Json.MAPPER.getNodeFactory().textNode(text);
        payload.set("content", content);
        HookResult r =
                hooks.run(new HookInput(HookEvent.STORAGE_WRITE, context.runId(), context.agent(), tool, payload));
        if (r.blocked()) {
            return "[withheld: " + r.denial() + "]";
        }
        if (r.mutation() == null || !content.isObject()) {
            return null;
        }
        ObjectNode mutated = ((ObjectNode) content).deepCopy();
        mutated.setAll(r.mutation());
        return Json.writePretty(mutated);
    }

    @Override
    public void hookStorage(StorageWrites storageHooks) {
        inner.hookStorage(storageHooks);
    }

    /**
     * AGENT_DELEGATE: after G10 let a {@code transfer_to_<target>} through, the hooks may refuse it
     * (the subject their matcher sees is the delegation tool's name).
     */
    @Override
    public Optional<String> checkDelegation(String runId, String agent, String target, String argumentsJson) {
        Optional<String> refused = inner.checkDelegation(runId, agent, target, argumentsJson);
        if (refused.isPresent()) {
            return refused;
        }
        ObjectNode payload = Json.object().put("target", target);
        payload.set("arguments", parse(argumentsJson));
        HookResult r =
                hooks.run(new HookInput(HookEvent.AGENT_DELEGATE, runId, agent, Delegation.toolName(target), payload));
        return r.blocked() ? Optional.of(r.denial()) : Optional.empty();
    }

    @Override
    public void refused(String runId, String agent, String tool, Verdict verdict, String why) {
        inner.refused(runId, agent, tool, verdict, why);
    }

    private static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (IllegalArgumentException e) {
            return Json.MAPPER.getNodeFactory().textNode(json);
        }
    }
}
