package svc.persistence.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import svc.governance.crypto.DecryptionException;
import svc.governance.permission.DenialRecord;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.approvals.ApprovalRepository;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.denials.DenialRepository;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;
import svc.persistence.testing.TestH2;

/** Free-text columns: envelopes in the table (read with plain JDBC), clear text through the repositories. */
class SealedColumnsTest {

    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");
    private static final String PROBLEM = "Predict which ACME patients miss appointments";

    @TempDir
    Path home;

    private static ColumnSeal seal(String kek) {
        return AtRest.fromConfig(ConfigFactory.parseMap(
                                Map.of("svc.home", "/tmp", "svc.at-rest.encryption", "on", "svc.at-rest.kek", kek))
                        .withFallback(ConfigFactory.load()))
                .columns();
    }

    private static String key(char c) {
        return Base64.getEncoder().encodeToString(String.valueOf(c).repeat(32).getBytes(StandardCharsets.US_ASCII));
    }

    private DatabaseSettings settings() {
        return TestH2.database(home);
    }

    private static RunRow run(String id, String problem, String failure) {
        return new RunRow(
                id,
                "failed",
                "fast_prototype",
                "default",
                problem,
                "/data/x.csv",
                "y",
                "ana",
                T,
                T,
                null,
                0,
                failure,
                null,
                null);
    }

    @Test
    void sealedColumnsHoldEnvelopesMixedRowsStillReadAndAnotherKeyFailsClearly() throws Exception {
        ColumnSeal columns = seal(key('a'));
        try (Database clearDb = Database.open(settings());
                Connection c = clearDb.connection()) {
            // written before encryption was switched on
            new RunRepository(ColumnSeal.CLEAR).insert(c, run("r-old", "an old clear problem", null));
        }
        try (Database db = Database.open(settings(), columns);
                Connection c = db.connection()) {
            RunRepository runs = new RunRepository(db.columns());
            runs.insert(c, run("r-1", PROBLEM, "model said: ACME data is skewed"));
            ApprovalRepository approvals = new ApprovalRepository(db.columns());
            approvals.insert(
                    c,
                    new ApprovalRow(
                            "g-1",
                            "r-1",
                            "deploy",
                            "deployment",
                            "pending",
                            T,
                            null,
                            null,
                            null,
                            List.of(),
                            null,
                            null,
                            null));
            approvals.decide(c, "g-1", "approved", "ana", T, "ACME board agreed");
            DenialRepository denials = new DenialRepository(db.dataSource(), db.columns());
            denials.record(new DenialRecord("profile", "r1", "fetch of acme.example denied", "r-1", "a", "fetch", T));

            List<String> raw = new ArrayList<>();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT problem, failure FROM runs WHERE run_id = 'r-1' UNION ALL "
                            + "SELECT rationale, NULL FROM approvals UNION ALL SELECT reason, NULL FROM "
                            + "permission_denials")) {
                while (rs.next()) {
                    raw.add(rs.getString(1));
                    if (rs.getString(2) != null) {
                        raw.add(rs.getString(2));
                    }
                }
            }
            assertThat(raw)
                    .hasSize(4)
                    .allSatisfy(v -> assertThat(v).startsWith("svcenc:1:").doesNotContainIgnoringCase("acme"));

            assertThat(runs.find(c, "r-1").orElseThrow().problem()).isEqualTo(PROBLEM);
            assertThat(runs.find(c, "r-1").orElseThrow().failure()).isEqualTo("model said: ACME data is skewed");
            assertThat(runs.find(c, "r-old").orElseThrow().problem()).isEqualTo("an old clear problem");
            assertThat(approvals.find(c, "g-1").orElseThrow().rationale()).isEqualTo("ACME board agreed");
            assertThat(denials.query(null, null, null, 10, 0))
                    .singleElement()
                    .extracting(DenialRecord::reason)
                    .isEqualTo("fetch of acme.example denied");
            // the filters and sort keys stay in clear
            assertThat(runs.list(c, "failed", 10, 0)).extracting(RunRow::runId).containsExactly("r-1", "r-old");
        }
        try (Database db = Database.open(settings(), seal(key('b')));
                Connection c = db.connection()) {
            assertThatThrownBy(() -> new RunRepository(db.columns()).find(c, "r-1"))
                    .isInstanceOf(DecryptionException.class)
                    .hasMessageContaining("sealed under key");
        }
        try (Database db = Database.open(settings());
                Connection c = db.connection()) {
            assertThatThrownBy(() -> new RunRepository(db.columns()).find(c, "r-1"))
                    .hasMessageContaining("runs.problem holds a sealed value but at-rest encryption is off");
        }
    }
}
