package svc.persistence.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.crypto.ColumnSeal;
import svc.persistence.testing.TestH2;

/**
 * The outbox on the real migrations: one row per event and channel, leases, attempts. Runs on H2
 * here and on PostgreSQL in {@link PostgresNotificationRepositoryTest}.
 */
class NotificationRepositoryTest {

    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");

    @TempDir
    Path home;

    private Database db;
    private Connection c;
    private final NotificationRepository repo = new NotificationRepository(ColumnSeal.CLEAR);

    /** The database the tests run on. */
    DatabaseSettings database() throws Exception {
        return TestH2.database(home);
    }

    @BeforeEach
    void open() throws Exception {
        db = Database.open(database());
        c = db.connection();
    }

    @AfterEach
    void close() throws Exception {
        c.close();
        db.close();
    }

    private static NotificationRow row(String id, long seq, String channel) {
        return NotificationRow.owed(id, "run-1", seq, "gate_created", "g-1", channel, "{}", T);
    }

    @Test
    void theSameEventAndChannelAreOwedOnce() throws Exception {
        assertThat(repo.insert(c, row("d-1", 7, "webhook:https://a.example.com")))
                .isTrue();
        assertThat(repo.insert(c, row("d-1", 7, "webhook:https://a.example.com")))
                .isFalse();
        assertThat(repo.insert(c, row("d-2", 7, "email:ops@example.com"))).isTrue();
        assertThat(repo.insert(c, row("d-3", 8, "email:ops@example.com"))).isTrue();
        assertThat(repo.count(c, null, "run-1", null)).isEqualTo(3);
        assertThat(repo.count(c, "pending", null, "g-1")).isEqualTo(3);
        assertThat(repo.list(c, null, null, null, 10, 0))
                .extracting(NotificationRow::deliveryId)
                .containsExactly("d-3", "d-1", "d-2");
    }

    @Test
    void aLeaseKeepsOtherDispatchersOffUntilItRunsOut() throws Exception {
        repo.insert(c, row("d-1", 1, "webhook:https://a.example.com"));
        assertThat(repo.due(c, T, 10)).hasSize(1);
        assertThat(repo.claim(c, "d-1", "a", T, T.plusSeconds(60))).isPresent();
        assertThat(repo.due(c, T.plusSeconds(1), 10)).isEmpty();
        assertThat(repo.claim(c, "d-1", "b", T.plusSeconds(1), T.plusSeconds(61)))
                .isEmpty();
        // a's lease ran out (a crashed): b may take the row, and a late record by a counts for nothing.
        assertThat(repo.claim(c, "d-1", "b", T.plusSeconds(61), T.plusSeconds(121)))
                .isPresent();
        AttemptRow late = new AttemptRow("d-1", 1, T.plusSeconds(62), "delivered", "HTTP 200", null);
        assertThat(repo.recordAttempt(c, "a", late, NotificationRow.DELIVERED, null))
                .isFalse();
        AttemptRow failed = new AttemptRow("d-1", 1, T.plusSeconds(63), "retry", "HTTP 500", "answered 500");
        assertThat(repo.recordAttempt(c, "b", failed, NotificationRow.RETRYING, T.plusSeconds(70)))
                .isTrue();

        assertThat(repo.due(c, T.plusSeconds(69), 10)).isEmpty();
        assertThat(repo.claim(c, "d-1", "a", T.plusSeconds(69), T.plusSeconds(129)))
                .as("not due before its back-off")
                .isEmpty();
        assertThat(repo.due(c, T.plusSeconds(70), 10)).hasSize(1);
        NotificationRow again =
                repo.claim(c, "d-1", "a", T.plusSeconds(70), T.plusSeconds(130)).orElseThrow();
        assertThat(again.state()).isEqualTo(NotificationRow.RETRYING);
        assertThat(again.attempts()).isEqualTo(1);
        assertThat(again.lastStatus()).isEqualTo("HTTP 500");
        AttemptRow ok = new AttemptRow("d-1", 2, T.plusSeconds(71), "delivered", "HTTP 200", null);
        assertThat(repo.recordAttempt(c, "a", ok, NotificationRow.DELIVERED, null))
                .isTrue();

        assertThat(repo.due(c, T.plusSeconds(3600), 10)).isEmpty();
        NotificationRow done = repo.list(c, "delivered", null, null, 10, 0).get(0);
        assertThat(done.deliveredAt()).isEqualTo(T.plusSeconds(71));
        assertThat(done.attempts()).isEqualTo(2);
        assertThat(repo.attempts(c, List.of("d-1")).get("d-1"))
                .extracting(AttemptRow::status)
                .containsExactly("HTTP 500", "HTTP 200");
    }
}
