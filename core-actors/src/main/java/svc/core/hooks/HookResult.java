package svc.core.hooks;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the hooks of one event decided: to go on (maybe with a {@code mutation} to lift into the
 * result), or to block, naming the hook that blocked and why.
 */
public record HookResult(boolean blocked, String hook, String reason, ObjectNode mutation) {

    public static final HookResult PASS = new HookResult(false, null, null, null);

    public static HookResult block(String hook, String reason) {
        return new HookResult(true, hook, reason, null);
    }

    public static HookResult mutate(String hook, ObjectNode mutation) {
        return new HookResult(false, hook, null, mutation);
    }

    /** The denial text an agent sees: which hook blocked, and its reason. */
    public String denial() {
        return "blocked by hook " + hook + (reason == null || reason.isBlank() ? "" : ": " + reason);
    }
}
