package svc.core.gates;

/** Tells people about a gate that needs them (escalation); failures never reach the sweep. */
public interface GateNotifier {
    void escalated(GateSweep.PendingGate gate);
}
