package svc.governance.guardrail;

/**
 * Where the chain reports what it did, so the HTTP layer can feed
 * {@code guardrail_triggered_total{name,outcome}}, {@code guardrail_bypass_attempts_total} and
 * {@code guardrail_evaluation_duration_seconds} without this module depending on a metrics library.
 * Called synchronously on the evaluating thread; implementations must be cheap and must not throw.
 */
public interface GuardrailListener {

    /** Every evaluation, with the outcome that counted (after fail-open / invariant handling). */
    void triggered(String name, Outcome outcome);

    /** A verdict flagged as a deliberate attempt to get around a control. */
    void bypassAttempt(String name, IntegrationPoint point, String reason);

    /** Wall time spent inside one guardrail's {@code evaluate}. */
    void evaluated(String name, long nanos);

    /** A listener that ignores everything. */
    GuardrailListener NONE = new GuardrailListener() {
        @Override
        public void triggered(String name, Outcome outcome) {}

        @Override
        public void bypassAttempt(String name, IntegrationPoint point, String reason) {}

        @Override
        public void evaluated(String name, long nanos) {}
    };
}
