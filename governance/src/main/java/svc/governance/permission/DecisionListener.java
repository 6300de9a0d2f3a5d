package svc.governance.permission;

/**
 * Told of every decision, e.g. to count {@code svc_permission_decisions_total{behavior,source}}
 * or to record a {@code permission.check} span. Called on the deciding thread: keep it cheap.
 */
@FunctionalInterface
public interface DecisionListener {

    DecisionListener NONE = (request, decision) -> {};

    void onDecision(PermissionRequest request, PermissionDecision decision);
}
