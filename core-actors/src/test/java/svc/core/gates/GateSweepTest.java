package svc.core.gates;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class GateSweepTest {

    private final AtomicLong monotonic = new AtomicLong(1_000_000_000L);
    private final AtomicReference<Instant> wall = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));
    private final GateSweep sweep = new GateSweep(monotonic::get, wall::get);

    private GateSweep.PendingGate gate(String id, Instant created, Long ttl, Long escalate, Instant escalatedAt) {
        return new GateSweep.PendingGate(id, "run-1", created, ttl, escalate, escalatedAt);
    }

    private void advance(Duration d) {
        monotonic.addAndGet(d.toNanos());
        wall.set(wall.get().plus(d));
    }

    @Test
    void escalatesAfterItsDelayThenExpiresAfterItsTtl() {
        var g = gate("g1", wall.get(), 100L, 10L, null);
        assertThat(sweep.sweep(List.of(g)).escalatedGateIds()).isEmpty();
        advance(Duration.ofSeconds(10));
        GateSweep.Report r = sweep.sweep(List.of(g));
        assertThat(r.escalatedGateIds()).containsExactly("g1");
        assertThat(r.expiredGateIds()).isEmpty();
        assertThat(r.sweptAt()).isEqualTo(wall.get());
        advance(Duration.ofSeconds(90));
        var escalated = gate("g1", g.createdAt(), 100L, 10L, wall.get());
        r = sweep.sweep(List.of(escalated));
        assertThat(r.expiredGateIds()).containsExactly("g1");
        assertThat(r.escalatedGateIds()).as("already escalated").isEmpty();
    }

    @Test
    void aGatePastBothLimitsIsEscalatedAndExpiredInTheSameSweep() {
        var g = gate("g2", wall.get().minusSeconds(1000), 100L, 10L, null);
        GateSweep.Report r = sweep.sweep(List.of(g));
        assertThat(r.escalatedGateIds()).containsExactly("g2");
        assertThat(r.expiredGateIds()).containsExactly("g2");
    }

    @Test
    void aWallClockJumpDoesNotExpireAGate() {
        var g = gate("g3", wall.get(), 60L, null, null);
        sweep.sweep(List.of(g));
        // Someone sets the system clock a day ahead; only 5 real seconds pass.
        wall.set(wall.get().plus(Duration.ofDays(1)));
        monotonic.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(sweep.sweep(List.of(g)).expiredGateIds()).isEmpty();
        monotonic.addAndGet(Duration.ofSeconds(55).toNanos());
        assertThat(sweep.sweep(List.of(g)).expiredGateIds()).containsExactly("g3");
    }

    @Test
    void gatesWithoutLimitsNeverExpireOrEscalate() {
        var g = gate("g4", wall.get().minus(Duration.ofDays(365)), null, null, null);
        GateSweep.Report r = sweep.sweep(List.of(g));
        assertThat(r.expiredGateIds()).isEmpty();
        assertThat(r.escalatedGateIds()).isEmpty();
    }
}
