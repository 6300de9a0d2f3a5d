package svc.core.agent;

import java.util.Collection;

/**
 * The names of delegation tools: {@code transfer_to_<agent>}, with a plugin agent's {@code ::}
 * written {@code __} (model vendors accept only letters, digits, {@code _} and {@code -} in tool
 * names), so {@code plugin-sample::reviewer} is reached by {@code transfer_to_plugin-sample__reviewer}.
 */
public final class Delegation {

    public static final String PREFIX = "transfer_to_";

    private Delegation() {}

    public static String toolName(String agent) {
        return PREFIX + agent.replace("::", "__");
    }

    /** The delegate a tool name reaches among {@code delegates}, or the bare suffix when none matches. */
    public static String target(String toolName, Collection<String> delegates) {
        for (String d : delegates) {
            if (toolName(d).equals(toolName)) {
                return d;
            }
        }
        return toolName.substring(PREFIX.length());
    }
}
