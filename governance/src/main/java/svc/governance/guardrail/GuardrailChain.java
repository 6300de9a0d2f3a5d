package svc.governance.guardrail;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The guardrails of one integration point, run in order of priority (higher first; equal
 * priorities keep registration order, so a pack's order is deterministic). Immutable and
 * thread-safe.
 */
public final class GuardrailChain {

    private final IntegrationPoint point;
    private final List<Guardrail> guardrails;
    private final GuardrailListener listener;

    private GuardrailChain(IntegrationPoint point, List<Guardrail> guardrails, GuardrailListener listener) {
        this.point = point;
        this.guardrails = guardrails;
        this.listener = listener;
    }

    /** The chain for {@code point}: those of {@code all} that run there, sorted by priority. */
    public static GuardrailChain forPoint(
            IntegrationPoint point, List<? extends Guardrail> all, GuardrailListener listener) {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(listener, "listener");
        List<Guardrail> selected = new ArrayList<>();
        for (Guardrail g : all) {
            if (g.points().contains(point)) {
                selected.add(g);
            }
        }
        // List.sort is stable: equal priorities stay in registration order.
        selected.sort(Comparator.comparingInt(Guardrail::priority).reversed());
        return new GuardrailChain(point, List.copyOf(selected), listener);
    }

    public static GuardrailChain forPoint(IntegrationPoint point, List<? extends Guardrail> all) {
        return forPoint(point, all, GuardrailListener.NONE);
    }

    public IntegrationPoint point() {
        return point;
    }

    /** The guardrails in the order they run. */
    public List<Guardrail> guardrails() {
        return guardrails;
    }

    public ChainResult run(GuardrailContext context, Payload payload) {
        Objects.requireNonNull(payload, "payload");
        if (context.point() != point) {
            throw new IllegalArgumentException(
                    "context is for " + context.point() + " but this chain runs at " + point);
        }
        Payload current = payload;
        boolean redacted = false;
        List<GuardrailVerdict> verdicts = new ArrayList<>();
        for (Guardrail guardrail : guardrails) {
            long start = System.nanoTime();
            Verdict verdict = evaluateSafely(guardrail, context, current);
            long nanos = System.nanoTime() - start;
            Outcome effective = effectiveOutcome(guardrail, verdict.outcome());
            String reason = verdict.outcome() == Outcome.ERROR && effective == Outcome.DENY
                    ? "invariant guardrail failed closed: " + verdict.reason()
                    : verdict.reason();
            verdicts.add(new GuardrailVerdict(
                    guardrail.id(),
                    guardrail.name(),
                    verdict.outcome(),
                    effective,
                    verdict.severity(),
                    reason,
                    verdict.bypassAttempt(),
                    nanos));
            listener.evaluated(guardrail.name(), nanos);
            listener.triggered(guardrail.name(), effective);
            if (verdict.bypassAttempt()) {
                listener.bypassAttempt(guardrail.name(), point, reason);
            }
            if (effective == Outcome.DENY) {
                return new ChainResult(point, Outcome.DENY, current, verdicts);
            }
            if (effective == Outcome.REDACT) {
                current = verdict.redacted().orElseThrow();
                redacted = true;
            }
        }
        return new ChainResult(point, redacted ? Outcome.REDACT : Outcome.ALLOW, current, verdicts);
    }

    private static Verdict evaluateSafely(Guardrail guardrail, GuardrailContext context, Payload payload) {
        try {
            Verdict verdict = guardrail.evaluate(context, payload);
            if (verdict == null) {
                return Verdict.error(guardrail.name() + " returned no verdict");
            }
            return verdict;
        } catch (RuntimeException | StackOverflowError e) {
            // A broken guardrail must not take the agent loop down with it; the policy for what
            // happens next (fail open or closed) is the guardrail's invariant flag, not the bug.
            return Verdict.error(guardrail.name() + " threw " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    private static Outcome effectiveOutcome(Guardrail guardrail, Outcome reported) {
        if (reported == Outcome.ERROR && guardrail.invariant()) {
            return Outcome.DENY;
        }
        return reported;
    }
}
