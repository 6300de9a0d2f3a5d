package svc.config.settings;

import java.util.regex.Pattern;

/**
 * One permission rule: a tool name and a glob over that tool's argument, written {@code
 * Tool(glob)} such as {@code Bash(git *)} or {@code Read(*)}. A bare {@code Tool} is accepted and
 * means every use of the tool, exactly like {@code Tool(*)}: it is the shortest way to say "this
 * whole tool", and rejecting it would only make users type {@code (*)}.
 *
 * <p>Glob matching belongs to the permission engine; this record only fixes the syntax.
 */
public record PermissionRule(String tool, String glob) {

    /** Letters first, then letters, digits, {@code _} or {@code -} (MCP tools: {@code mcp__x__y}). */
    private static final Pattern TOOL = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

    private static final String EXAMPLE =
            "write `Tool(glob)` such as `Bash(git *)`, or a bare tool name such as `Read`";

    /**
     * Parses a rule as written in {@code allow}, {@code ask} or {@code deny}.
     *
     * @throws IllegalArgumentException with a sentence saying what is wrong and how to write it
     */
    public static PermissionRule parse(String text) {
        if (text.isBlank()) {
            throw new IllegalArgumentException("the rule is empty: " + EXAMPLE);
        }
        int open = text.indexOf('(');
        String tool = open < 0 ? text : text.substring(0, open);
        if (!TOOL.matcher(tool).matches()) {
            throw new IllegalArgumentException("`" + text + "` is not a permission rule: the tool name `" + tool
                    + "` must start with a letter and hold only letters, digits, `_` or `-`; "
                    + EXAMPLE);
        }
        if (open < 0) {
            return new PermissionRule(tool, "*");
        }
        if (!text.endsWith(")")) {
            throw new IllegalArgumentException(
                    "`" + text + "` is not a permission rule: it must end with the `)` that closes `" + tool + "(`");
        }
        String glob = text.substring(open + 1, text.length() - 1);
        if (glob.isEmpty()) {
            throw new IllegalArgumentException("`" + text + "` has an empty pattern: use `" + tool + "(*)` (or just `"
                    + tool + "`) to match every use of the tool");
        }
        return new PermissionRule(tool, glob);
    }

    @Override
    public String toString() {
        return tool + "(" + glob + ")";
    }
}
