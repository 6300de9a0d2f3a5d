package svc.core.governance;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import svc.governance.permission.Behavior;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.PermissionRule;
import svc.governance.permission.Priorities;
import svc.governance.permission.RuleProvider;
import svc.governance.permission.RuleSource;

/**
 * The egress allowlist (G1) for the address a tool reaches whatever its arguments say: the URL of
 * a remote MCP server behind {@code mcp__<server>__<tool>}. A refused address is a DENY with
 * source {@code egress_allowlist}, as a refused URL in the arguments is (see EgressRules).
 */
final class ToolEndpointRules implements RuleProvider {

    private final Function<String, Optional<String>> endpointOf;
    private final Function<String, Optional<String>> refusal;

    /**
     * @param endpointOf tool name → the address it reaches, if any
     * @param refusal    address → why G1 refuses it, empty when it may go
     */
    ToolEndpointRules(Function<String, Optional<String>> endpointOf, Function<String, Optional<String>> refusal) {
        this.endpointOf = endpointOf;
        this.refusal = refusal;
    }

    @Override
    public RuleSource source() {
        return RuleSource.EGRESS_ALLOWLIST;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        return endpointOf
                .apply(request.tool())
                .flatMap(url -> refusal.apply(url)
                        .map(reason -> PermissionRule.of(
                                "egress_allowlist:endpoint",
                                request.tool(),
                                Behavior.DENY,
                                Priorities.EGRESS_DENY,
                                "egress blocked: the tool's server " + url + ": " + reason,
                                RuleSource.EGRESS_ALLOWLIST)))
                .map(List::of)
                .orElse(List.of());
    }
}
