package svc.http.auth;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialSink;
import svc.governance.permission.PermissionDecision;
import svc.governance.permission.PermissionEngine;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.RbacRules;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Endpoint;

/**
 * Role checks of the API, made by the permission engine with RBAC rules built from the endpoint
 * list (endpoint class to minimum role). Going through the engine records each denial in the
 * denial store that {@code /api/v1/permissions/denials} serves and counts every decision.
 */
public final class AccessControl {

    private final PermissionEngine engine;

    public AccessControl(List<Endpoint> endpoints, DenialSink denials, DecisionListener listener) {
        Map<String, Role> requirements = new LinkedHashMap<>();
        for (Endpoint e : endpoints) {
            if (!e.isPublic()) {
                requirements.put(e.endpointClass(), e.minRole());
            }
        }
        this.engine = PermissionEngine.builder()
                .provider(new RbacRules(requirements))
                .denials(denials)
                .listener(listener)
                .build();
    }

    /** Passes, or throws a 403 naming the rule source. */
    public void check(Caller caller, Endpoint endpoint) {
        PermissionDecision decision =
                engine.decide(PermissionRequest.forUser(caller.subject(), caller.role(), endpoint.endpointClass()));
        if (decision.denied()) {
            throw ApiProblem.denied(decision.reason(), decision.source());
        }
    }
}
