package svc.core.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One hook as a hook file declares it: the event, an optional matcher (a regular expression on
 * the tool name, or the agent name for events without a tool), and a {@code command} to run with
 * its timeout (10 s unless given, 60 s at most). Hook files have the Claude Code shape:
 * <pre>{"hooks": {"PreToolUse": [{"matcher": "execute_.*",
 *     "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh", "timeout": 5}]}]}}</pre>
 * The outer {@code "hooks"} may be left out. Types other than {@code command} ({@code prompt},
 * {@code agent}, {@code http}) are not run: {@link #read} reports them as dropped.
 */
public record HookSpec(HookEvent event, String matcher, String command, Duration timeout) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);
    /** Hook types of the format that svc does not run; they are reported, never silently ignored. */
    public static final Set<String> UNSUPPORTED_TYPES = Set.of("prompt", "agent", "http");

    /** Whether the hook applies to a call on {@code subject} (a tool name, or an agent name). */
    public boolean matches(String subject) {
        if (matcher == null || matcher.isEmpty() || matcher.equals("*")) {
            return true;
        }
        return subject != null && Pattern.compile(matcher).matcher(subject).matches();
    }

    /** What reading a hook file found: the hooks to run, the problems that make it invalid, what was dropped. */
    public record Read(
            List<HookSpec> hooks, List<String> problems, List<String> unsupportedTypes, List<String> dropped) {}

    /** Reads a hook file's tree; {@code where} prefixes every problem (the file's name). */
    public static Read read(JsonNode root, String where) {
        List<HookSpec> hooks = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String> unsupported = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        JsonNode events = root.has("hooks") && root.get("hooks").isObject() ? root.get("hooks") : root;
        if (!events.isObject()) {
            problems.add(where + ": must be a JSON object of hook events");
            return new Read(hooks, problems, unsupported, dropped);
        }
        for (Map.Entry<String, JsonNode> entry : events.properties()) {
            String at = where + ": " + entry.getKey();
            HookEvent event = HookEvent.parse(entry.getKey()).orElse(null);
            if (event == null) {
                dropped.add(at + ": not one of the ten hook events " + List.of(HookEvent.values()));
                continue;
            }
            if (!entry.getValue().isArray()) {
                problems.add(at + ": must be an array of {matcher, hooks}");
                continue;
            }
            int i = 0;
            for (JsonNode group : entry.getValue()) {
                String groupAt = at + "[" + i++ + "]";
                String matcher =
                        group.path("matcher").isTextual() ? group.get("matcher").asText() : null;
                if (matcher != null && !matcher.isEmpty() && !matcher.equals("*")) {
                    try {
                        Pattern.compile(matcher);
                    } catch (PatternSyntaxException e) {
                        problems.add(groupAt + ".matcher: not a regular expression: " + e.getDescription());
                        continue;
                    }
                }
                if (!group.path("hooks").isArray()) {
                    problems.add(groupAt + ".hooks: must be an array of hooks");
                    continue;
                }
                int j = 0;
                for (JsonNode hook : group.get("hooks")) {
                    String hookAt = groupAt + ".hooks[" + j++ + "]";
                    String type = hook.path("type").asText("");
                    if (UNSUPPORTED_TYPES.contains(type)) {
                        if (!unsupported.contains(type)) {
                            unsupported.add(type);
                        }
                        dropped.add(hookAt + ": hooks of type " + type + " are not run by svc");
                        continue;
                    }
                    if (!type.equals("command")) {
                        problems.add(hookAt + ".type: must be command (or prompt, agent, http, which are dropped),"
                                + " got '" + type + "'");
                        continue;
                    }
                    String command = hook.path("command").asText("").strip();
                    if (command.isEmpty()) {
                        problems.add(hookAt + ".command: must be a non-empty command");
                        continue;
                    }
                    Duration timeout = DEFAULT_TIMEOUT;
                    if (hook.has("timeout")) {
                        if (!hook.get("timeout").canConvertToInt()
                                || hook.get("timeout").asInt() < 1) {
                            problems.add(hookAt + ".timeout: must be a whole number of seconds, 1 to 60");
                            continue;
                        }
                        timeout = Duration.ofSeconds(hook.get("timeout").asInt());
                        if (timeout.compareTo(MAX_TIMEOUT) > 0) {
                            problems.add(hookAt + ".timeout: " + timeout.toSeconds() + " s is above the 60 s maximum");
                            continue;
                        }
                    }
                    hooks.add(new HookSpec(event, matcher, command, timeout));
                }
            }
        }
        return new Read(hooks, problems, unsupported, dropped);
    }
}
