package svc.core.gates;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import svc.core.CborSerializable;

/**
 * Decides which pending gates to escalate and which to expire (G16). A gate's age is measured
 * on a monotonic clock from the moment this sweep first saw it (plus its wall-clock age at that
 * moment), so changing the system clock neither expires gates early nor keeps them alive; the
 * wall clock is used only for what people read. Escalation is evaluated before expiry in the
 * same sweep, so a gate past both is escalated and then expired.
 */
public final class GateSweep {

    /** A gate waiting for a decision, as the read side lists it. */
    public record PendingGate(
            String gateId,
            String runId,
            Instant createdAt,
            Long ttlSeconds,
            Long escalateAfterSeconds,
            Instant escalatedAt) {}

    /** What one sweep did. */
    public record Report(List<String> expiredGateIds, List<String> escalatedGateIds, Instant sweptAt)
            implements CborSerializable {}

    private final LongSupplier monotonicNanos;
    private final Supplier<Instant> wallClock;
    private final Map<String, Long> firstSeenNanos = new HashMap<>();
    private final Map<String, Duration> ageWhenFirstSeen = new HashMap<>();

    public GateSweep(LongSupplier monotonicNanos, Supplier<Instant> wallClock) {
        this.monotonicNanos = monotonicNanos;
        this.wallClock = wallClock;
    }

    public static GateSweep systemClocks() {
        return new GateSweep(System::nanoTime, Instant::now);
    }

    public Report sweep(List<PendingGate> pending) {
        long now = monotonicNanos.getAsLong();
        Instant wallNow = wallClock.get();
        List<String> escalated = new ArrayList<>();
        List<String> expired = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (PendingGate gate : pending) {
            seen.add(gate.gateId());
            firstSeenNanos.putIfAbsent(gate.gateId(), now);
            ageWhenFirstSeen.computeIfAbsent(
                    gate.gateId(), id -> nonNegative(Duration.between(gate.createdAt(), wallNow)));
            Duration age = ageWhenFirstSeen.get(gate.gateId()).plusNanos(now - firstSeenNanos.get(gate.gateId()));
            if (gate.escalateAfterSeconds() != null
                    && gate.escalatedAt() == null
                    && age.getSeconds() >= gate.escalateAfterSeconds()) {
                escalated.add(gate.gateId());
            }
            if (gate.ttlSeconds() != null && age.getSeconds() >= gate.ttlSeconds()) {
                expired.add(gate.gateId());
            }
        }
        // Gates decided since the last sweep need no clock any more.
        firstSeenNanos.keySet().retainAll(seen);
        ageWhenFirstSeen.keySet().retainAll(seen);
        return new Report(List.copyOf(expired), List.copyOf(escalated), wallNow);
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }
}
