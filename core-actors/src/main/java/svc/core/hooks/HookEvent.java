package svc.core.hooks;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The spec's ten hook events. Hook files may name them as written here ({@code PRE_TOOL}, any
 * case) or with the names Claude Code plugins use ({@code PreToolUse}, {@code PostToolUse},
 * {@code SessionStart}, {@code PreCompact}), so such plugins install unchanged.
 */
public enum HookEvent {
    SESSION_START,
    PRE_TOOL,
    POST_TOOL,
    PRE_COMPACTION,
    POST_COMPACTION,
    PRE_LLM,
    POST_LLM,
    STORAGE_WRITE,
    LLM_CALL_WRAPPER,
    AGENT_DELEGATE;

    private static final Map<String, HookEvent> ALIASES = Map.of(
            "sessionstart", SESSION_START,
            "pretooluse", PRE_TOOL,
            "posttooluse", POST_TOOL,
            "precompact", PRE_COMPACTION,
            "postcompact", POST_COMPACTION);

    /** The event a hook file's key names, if any. */
    public static Optional<HookEvent> parse(String key) {
        String k = key.strip();
        for (HookEvent e : values()) {
            if (e.name().equalsIgnoreCase(k)) {
                return Optional.of(e);
            }
        }
        return Optional.ofNullable(ALIASES.get(k.toLowerCase(Locale.ROOT).replace("_", "")));
    }

    /** Whether a hook on this event can stop what is about to happen (exit code 2). */
    public boolean canBlock() {
        return this != POST_COMPACTION && this != SESSION_START;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
