package svc.library.template;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A profile permission rule of a deployment template.
 *
 * @param toolName a glob over tool names ({@code *} any run of characters, {@code ?} one)
 * @param pattern  when present, the rule applies only if this regex is found
 *                 ({@code Matcher.find}) in the JSON text of the call's arguments
 * @param priority 0..100; the spec puts template DENY rules at 60 (beating any ALLOW) and ASK at 45
 */
public record PermissionRule(
        String id, String toolName, Behavior behavior, Optional<Pattern> pattern, int priority, String reason) {

    /** Whether the rule's tool glob covers {@code tool}. */
    public boolean appliesToTool(String tool) {
        return globToRegex(toolName).matcher(tool).matches();
    }

    /** Whether the rule matches a call of {@code tool} whose arguments serialize to {@code argumentsJson}. */
    public boolean matches(String tool, String argumentsJson) {
        return appliesToTool(tool)
                && pattern.map(p -> p.matcher(argumentsJson).find()).orElse(true);
    }

    static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
