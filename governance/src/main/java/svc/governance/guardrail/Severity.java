package svc.governance.guardrail;

/** How serious a finding is, for dashboards and alert routing; it never changes the outcome. */
public enum Severity {
    INFO,
    LOW,
    MEDIUM,
    HIGH,
    CRITICAL
}
