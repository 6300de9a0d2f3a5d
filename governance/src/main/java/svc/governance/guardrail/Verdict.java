package svc.governance.guardrail;

import java.util.Objects;
import java.util.Optional;

/**
 * One guardrail's decision. Every verdict carries a reason a person can act on, ALLOW included
 * ("no URLs in arguments"), so an audit row never says only "DENY". A REDACT verdict carries the
 * rewritten payload. {@code bypassAttempt} marks findings that look like a deliberate attempt to
 * get around a control (an injection, an obfuscated loopback address); the chain reports those to
 * {@link GuardrailListener#bypassAttempt}.
 */
public record Verdict(
        Outcome outcome, Severity severity, String reason, Optional<Payload> redacted, boolean bypassAttempt) {

    public Verdict {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(redacted, "redacted");
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a verdict needs a reason");
        }
        if ((outcome == Outcome.REDACT) != redacted.isPresent()) {
            throw new IllegalArgumentException("a REDACT verdict, and only a REDACT verdict, carries a payload");
        }
    }

    public static Verdict allow(String reason) {
        return new Verdict(Outcome.ALLOW, Severity.INFO, reason, Optional.empty(), false);
    }

    public static Verdict redact(Payload payload, Severity severity, String reason) {
        return new Verdict(Outcome.REDACT, severity, reason, Optional.of(payload), false);
    }

    public static Verdict deny(Severity severity, String reason) {
        return new Verdict(Outcome.DENY, severity, reason, Optional.empty(), false);
    }

    public static Verdict error(String reason) {
        return new Verdict(Outcome.ERROR, Severity.MEDIUM, reason, Optional.empty(), false);
    }

    /** The same verdict, flagged as a bypass attempt. */
    public Verdict asBypassAttempt() {
        return new Verdict(outcome, severity, reason, redacted, true);
    }
}
