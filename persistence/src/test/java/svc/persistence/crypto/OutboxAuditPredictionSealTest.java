package svc.persistence.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.typesafe.config.ConfigFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.audit.AuditRepository;
import svc.persistence.audit.AuditRow;
import svc.persistence.inference.PredictionRepository;
import svc.persistence.inference.PredictionRepository.Answer;
import svc.persistence.inference.PredictionRepository.ServedRow;
import svc.persistence.inference.PredictionRepository.ShadowRow;
import svc.persistence.notifications.AttemptRow;
import svc.persistence.notifications.NotificationRepository;
import svc.persistence.notifications.NotificationRow;
import svc.persistence.testing.TestH2;

/**
 * The columns V17 widens: the notification outbox's payload and errors, the audit log's detail and
 * the prediction tables' answers. Written with encryption on they are envelopes in the table (read
 * with plain JDBC) and clear through the repositories; rows written in clear before still read;
 * the filters and sums stay in clear. {@link PostgresOutboxAuditPredictionSealTest} runs it on
 * PostgreSQL.
 */
class OutboxAuditPredictionSealTest {

    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");

    @TempDir
    Path home;

    DatabaseSettings database() throws Exception {
        return TestH2.database(home);
    }

    static ColumnSeal seal(char key) {
        String kek = Base64.getEncoder()
                .encodeToString(String.valueOf(key).repeat(32).getBytes(StandardCharsets.US_ASCII));
        return AtRest.fromConfig(ConfigFactory.parseMap(
                                Map.of("svc.home", "/tmp", "svc.at-rest.encryption", "on", "svc.at-rest.kek", kek))
                        .withFallback(ConfigFactory.load()))
                .columns();
    }

    @Test
    void outboxAuditAndPredictionsAreSealedInTheTableClearThroughTheRepositoriesAndOldRowsStillRead() throws Exception {
        DatabaseSettings settings = database();
        try (Database db = Database.open(settings);
                Connection c = db.connection()) {
            // written before encryption was switched on
            new NotificationRepository(ColumnSeal.CLEAR)
                    .insert(c, NotificationRow.owed("d-old", "r-0", 1, "gate_opened", null, "email", "old {}", T));
            new AuditRepository(ColumnSeal.CLEAR)
                    .append(c, new AuditRow(0, T, "ana", "users.update", "PATCH", "/u/1", 200, "old detail", null));
            new PredictionRepository(db.dataSource(), ColumnSeal.CLEAR)
                    .insertServed(List.of(new ServedRow("q-old", "m", "dep-1", "m@1", 1, null, null, 41.5, T)));
        }
        ColumnSeal sealed = seal('k');
        try (Database db = Database.open(settings, sealed);
                Connection c = db.connection()) {
            NotificationRepository outbox = new NotificationRepository(db.columns());
            outbox.insert(
                    c,
                    NotificationRow.owed(
                            "d-1", "r-1", 2, "gate_opened", "g-1", "email", "{\"problem\":\"ACME churn\"}", T));
            NotificationRow claimed =
                    outbox.claim(c, "d-1", "me", T, T.plusSeconds(60)).orElseThrow();
            assertThat(claimed.payload()).isEqualTo("{\"problem\":\"ACME churn\"}");
            assertThat(outbox.recordAttempt(
                            c,
                            "me",
                            new AttemptRow("d-1", 1, T, "retry", "421", "smtp: ACME mailbox busy"),
                            NotificationRow.RETRYING,
                            T.plusSeconds(30)))
                    .isTrue();
            AuditRepository audit = new AuditRepository(db.columns());
            audit.append(c, new AuditRow(0, T, "ana", "users.update", "PATCH", "/u/2", 200, "{\"ACME\":1}", null));
            PredictionRepository predictions = new PredictionRepository(db.dataSource(), db.columns());
            predictions.insertServed(List.of(
                    new ServedRow("q-1", "m", "dep-1", "m@1", 1, "ACME-yes", "{\"ACME-yes\":0.9}", null, T),
                    new ServedRow("q-2", "m", "dep-1", "m@1", 1, null, null, 12.25, T)));
            predictions.insertShadow(
                    List.of(new ShadowRow("q-1", "m", "dep-2", "m@2", "dep-1", "ACME-no", "ACME-yes", false, T)));
            Answer answer = predictions.answers("m", "q-1").get(0);
            predictions.label(answer.id(), "ACME-yes", true, 0.01, null, T);

            // As the database holds them.
            List<String> raw = strings(
                    c,
                    "SELECT payload FROM notifications WHERE delivery_id = 'd-1'",
                    "SELECT last_error FROM notifications WHERE delivery_id = 'd-1'",
                    "SELECT error FROM notification_attempts",
                    "SELECT detail FROM audit_log WHERE target = '/u/2'",
                    "SELECT predicted FROM served_predictions WHERE request_id = 'q-1'",
                    "SELECT probabilities FROM served_predictions WHERE request_id = 'q-1'",
                    "SELECT actual FROM served_predictions WHERE request_id = 'q-1'",
                    "SELECT predicted_value FROM served_predictions WHERE request_id = 'q-2'",
                    "SELECT predicted FROM shadow_predictions",
                    "SELECT served_predicted FROM shadow_predictions");
            assertThat(raw)
                    .hasSize(10)
                    .allSatisfy(v -> assertThat(v).startsWith("svcenc:1:").doesNotContain("ACME"));
            assertThat(raw.get(7)).doesNotContain("12.25");

            // Through the repositories: clear, the old rows too.
            assertThat(outbox.list(c, null, null, null, 10, 0))
                    .extracting(NotificationRow::deliveryId, NotificationRow::payload, NotificationRow::lastError)
                    .containsExactlyInAnyOrder(
                            tuple("d-1", "{\"problem\":\"ACME churn\"}", "smtp: ACME mailbox busy"),
                            tuple("d-old", "old {}", null));
            assertThat(outbox.attempts(c, List.of("d-1")).get("d-1"))
                    .singleElement()
                    .extracting(AttemptRow::error)
                    .isEqualTo("smtp: ACME mailbox busy");
            assertThat(audit.read(c, new AuditRepository.Filter("ana", null, null, null), 10, 0)
                            .items())
                    .extracting(AuditRow::detail)
                    .containsExactlyInAnyOrder("{\"ACME\":1}", "old detail");
            assertThat(predictions.answers("m", "q-1")).singleElement().satisfies(a -> {
                assertThat(a.predicted()).isEqualTo("ACME-yes");
                assertThat(a.probabilitiesJson()).isEqualTo("{\"ACME-yes\":0.9}");
                assertThat(a.labelled()).isTrue();
            });
            assertThat(predictions.answers("m", "q-2").get(0).value()).isEqualTo(12.25);
            assertThat(predictions.answers("m", "q-old").get(0).value()).isEqualTo(41.5);
            // The judgements stay in clear and add up in SQL.
            assertThat(predictions.figures("m")).singleElement().satisfies(f -> {
                assertThat(f.served()).isEqualTo(3);
                assertThat(f.correct()).isEqualTo(1);
            });
            assertThat(predictions.agreement("m"))
                    .singleElement()
                    .satisfies(a -> assertThat(a.compared()).isEqualTo(1));
        }
    }

    private static List<String> strings(Connection c, String... queries) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement()) {
            for (String q : queries) {
                try (ResultSet rs = st.executeQuery(q)) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
        }
        return out;
    }
}
