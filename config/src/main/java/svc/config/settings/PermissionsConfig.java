package svc.config.settings;

import java.util.List;

/**
 * Permission rules, each of the form {@code Tool(glob)} or a bare {@code Tool} (see {@link
 * PermissionRule}). Rules stay as written; the permission engine parses them with {@link
 * PermissionRule#parse}.
 */
public record PermissionsConfig(List<String> allow, List<String> ask, List<String> deny, String defaultMode) {

    public PermissionsConfig {
        allow = Immutable.list(allow);
        ask = Immutable.list(ask);
        deny = Immutable.list(deny);
    }
}
