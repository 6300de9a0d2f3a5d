package svc.governance.permission;

import java.util.List;

/**
 * A source of rules. Static sources (policy file, profile) return the same list every time;
 * dynamic ones (RBAC, allowlist, flags, compliance gates, egress) build rules for the request at
 * hand. The engine matches whatever comes back, so a provider may return rules that do not match.
 */
public interface RuleProvider {

    /** The source every rule of this provider carries; a failing provider is reported under it. */
    RuleSource source();

    List<PermissionRule> rulesFor(PermissionRequest request);
}
