package svc.governance.permission;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One permission rule. It matches a request when {@code tool_name} (a glob, see {@link Glob})
 * matches the tool and, if {@code pattern} is set, the regex is <em>found</em> somewhere in the
 * compact JSON of the arguments (a find, not a full match, so a rule can look for one dangerous
 * call inside a whole script).
 *
 * @param id       stable identifier, named on every decision and denial
 * @param toolName glob over tool names ({@code *}, {@code ?})
 * @param behavior allow, deny or ask
 * @param pattern  optional regex over the arguments' JSON; {@code null} means "any arguments"
 * @param priority tiebreak inside one behaviour; a DENY at {@link PermissionEngine#INVARIANT_PRIORITY}
 *                 or above wins over every ALLOW
 * @param reason   the sentence a user sees when this rule decides
 * @param source   where the rule came from
 */
public record PermissionRule(
        String id,
        @JsonProperty("tool_name") String toolName,
        Behavior behavior,
        String pattern,
        int priority,
        String reason,
        RuleSource source) {

    /**
     * Compiled argument patterns, keyed by their text. Patterns come from configuration (policy
     * file, profiles, packs), never from requests, so the cache stays as small as the rule set;
     * rules built per request carry no pattern.
     */
    private static final ConcurrentHashMap<String, Pattern> COMPILED = new ConcurrentHashMap<>();

    public PermissionRule {
        requireText(id, "id", id);
        requireText(toolName, "tool_name", id);
        Objects.requireNonNull(behavior, () -> "permission rule '" + id + "': behavior is missing");
        Objects.requireNonNull(source, () -> "permission rule '" + id + "': source is missing");
        reason = reason == null || reason.isBlank() ? "rule " + id : reason;
        if (pattern != null && pattern.isEmpty()) {
            pattern = null;
        }
        if (pattern != null) {
            compile(pattern, id);
        }
    }

    /** A rule without an argument pattern. */
    public static PermissionRule of(
            String id, String toolName, Behavior behavior, int priority, String reason, RuleSource source) {
        return new PermissionRule(id, toolName, behavior, null, priority, reason, source);
    }

    /**
     * True when the tool glob matches and the argument pattern (if any) is found in
     * {@code argumentsJson}. A pattern that backtracks past its budget (see {@link BudgetedChars})
     * counts as found for DENY and ASK rules and as not found for ALLOW rules.
     */
    public boolean matches(String tool, String argumentsJson) {
        if (!Glob.matches(toolName, tool)) {
            return false;
        }
        if (pattern == null) {
            return true;
        }
        try {
            return COMPILED.get(pattern)
                    .matcher(new BudgetedChars(argumentsJson))
                    .find();
        } catch (BudgetedChars.Exhausted e) {
            return behavior != Behavior.ALLOW;
        }
    }

    private static void compile(String pattern, String id) {
        try {
            COMPILED.computeIfAbsent(pattern, Pattern::compile);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "permission rule '" + id + "': pattern is not a valid regex: " + e.getDescription() + " near index "
                            + e.getIndex(),
                    e);
        }
    }

    private static void requireText(String value, String field, String id) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("permission rule '" + id + "': " + field + " must not be blank");
        }
    }
}
