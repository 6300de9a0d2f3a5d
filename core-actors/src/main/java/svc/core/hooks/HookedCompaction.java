package svc.core.hooks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import svc.config.Json;
import svc.core.llm.providers.CompactionListener;

/**
 * The PRE_COMPACTION and POST_COMPACTION hook events around the context compaction of the model
 * providers ({@code CompactingProvider}): told with the agent, the model, its context window and
 * the conversation's size (messages and estimated tokens: of the whole conversation before, of
 * what is sent after). A PRE_COMPACTION hook that blocks stops the compaction, and the model turn
 * fails with the hook named (the whole conversation would not fit the window); POST_COMPACTION
 * cannot block. The provider knows the agent, not the run: these events carry no run id. Runs on
 * the thread that asks the model, the blocking dispatcher.
 */
public final class HookedCompaction implements CompactionListener {

    private final HookPipeline hooks;

    public HookedCompaction(HookPipeline hooks) {
        this.hooks = hooks;
    }

    @Override
    public void onEvent(CompactionEvent event) {
        HookEvent hookEvent =
                event.phase() == Phase.PRE_COMPACTION ? HookEvent.PRE_COMPACTION : HookEvent.POST_COMPACTION;
        ObjectNode payload = Json.object()
                .put("model", event.model())
                .put("window_tokens", event.windowTokens())
                .put("messages", event.messages())
                .put("estimated_tokens", event.estimatedTokens());
        HookResult r = hooks.run(new HookInput(hookEvent, null, event.agent(), null, payload));
        if (r.blocked() && hookEvent.canBlock()) {
            throw new Refused(r.denial());
        }
    }
}
