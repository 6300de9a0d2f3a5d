package svc.persistence.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.audit.AuditRepository;
import svc.persistence.audit.AuditRow;
import svc.persistence.crypto.ColumnSeal;
import svc.persistence.testing.TestH2;

/** The V15 tables through their repositories: users' new columns, API tokens, login failures, the audit log. */
class AuthTablesTest {

    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");

    @TempDir
    Path home;

    private Database db;
    private Connection c;

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

    @Test
    void usersAreListedChangedAndDisabledAndTokensCarryTheirOwnersState() throws Exception {
        UserRepository users = new UserRepository();
        assertThat(users.insert(c, new UserRow("Ana@Example.com", "h", "operator", T, "test")))
                .isTrue();
        assertThat(users.insert(c, new UserRow("sso@example.com", "h", "viewer", T, "oidc", false, UserRow.OIDC)))
                .isTrue();
        assertThat(users.list(c)).extracting(UserRow::email).containsExactly("ana@example.com", "sso@example.com");
        assertThat(users.find(c, "sso@example.com").orElseThrow().source()).isEqualTo(UserRow.OIDC);
        assertThat(users.setRole(c, "ANA@example.com", "admin", T)).isTrue();
        assertThat(users.setDisabled(c, "ana@example.com", true, T)).isTrue();
        assertThat(users.setDisabled(c, "ghost@example.com", true, T)).isFalse();
        UserRow ana = users.find(c, "ana@example.com").orElseThrow();
        assertThat(ana.role()).isEqualTo("admin");
        assertThat(ana.disabled()).isTrue();

        ApiTokenRepository tokens = new ApiTokenRepository();
        String hash = "a".repeat(64);
        tokens.insert(
                c,
                new ApiTokenRow(
                        "tok-1", "ana@example.com", "ci", "operator", hash, T, T.plusSeconds(60), null, false, null));
        tokens.insert(
                c,
                new ApiTokenRow(
                        "tok-2",
                        "api-key:abc",
                        "k",
                        "admin",
                        "b".repeat(64),
                        T.plusSeconds(1),
                        T.plusSeconds(60),
                        null,
                        false,
                        null));
        ApiTokenRow found = tokens.findByHash(c, hash).orElseThrow();
        assertThat(found.ownerDisabled()).isTrue();
        assertThat(found.ownerRole()).isEqualTo("admin");
        ApiTokenRow keyOwned = tokens.findByHash(c, "b".repeat(64)).orElseThrow();
        assertThat(keyOwned.ownerDisabled()).isFalse();
        assertThat(keyOwned.ownerRole()).isNull();
        assertThat(tokens.findByHash(c, "c".repeat(64))).isEmpty();
        assertThat(tokens.list(c, "ana@example.com"))
                .extracting(ApiTokenRow::id)
                .containsExactly("tok-1");
        assertThat(tokens.list(c, null)).extracting(ApiTokenRow::id).containsExactly("tok-2", "tok-1");
        assertThat(tokens.revoke(c, "tok-1", T.plusSeconds(5))).isTrue();
        assertThat(tokens.revoke(c, "tok-1", T.plusSeconds(9))).isTrue();
        assertThat(tokens.find(c, "tok-1").orElseThrow().revokedAt()).isEqualTo(T.plusSeconds(5));
        assertThat(tokens.revoke(c, "tok-9", T)).isFalse();
    }

    @Test
    void loginFailuresAreCountedInTheWindowClearedAndPruned() throws Exception {
        LoginFailureRepository failures = new LoginFailureRepository();
        for (int i = 0; i < 3; i++) {
            failures.record(c, LoginFailureRepository.ACCOUNT, "ana@example.com", T.plusSeconds(i * 60L));
        }
        failures.record(c, LoginFailureRepository.IP, "10.0.0.1", T);
        LoginFailureRepository.Count all =
                failures.count(c, LoginFailureRepository.ACCOUNT, "ana@example.com", T.minusSeconds(1));
        assertThat(all.failures()).isEqualTo(3);
        assertThat(all.oldest()).contains(T);
        assertThat(failures.count(c, LoginFailureRepository.ACCOUNT, "ana@example.com", T)
                        .failures())
                .isEqualTo(2);
        assertThat(failures.prune(c, T.plusSeconds(60))).isEqualTo(3);
        assertThat(failures.count(c, LoginFailureRepository.ACCOUNT, "ana@example.com", T.minusSeconds(1))
                        .failures())
                .isEqualTo(1);
        failures.clear(c, LoginFailureRepository.ACCOUNT, "ana@example.com");
        assertThat(failures.count(c, LoginFailureRepository.ACCOUNT, "ana@example.com", T.minusSeconds(1))
                        .oldest())
                .isEmpty();
    }

    @Test
    void theAuditLogIsReadNewestFirstWithFiltersAndPages() throws Exception {
        AuditRepository audit = new AuditRepository(ColumnSeal.CLEAR);
        for (int i = 0; i < 5; i++) {
            audit.append(
                    c,
                    new AuditRow(
                            0,
                            T.plusSeconds(i),
                            i % 2 == 0 ? "ana@example.com" : "bob@example.com",
                            i < 3 ? "users.update" : "features.set.one",
                            "PATCH",
                            "/api/v1/users/x" + i,
                            200,
                            i == 0 ? "{\"role\":\"viewer\"}" : null,
                            "c-" + i));
        }
        AuditRepository.Page all = audit.read(c, new AuditRepository.Filter(null, null, null, null), 2, 0);
        assertThat(all.total()).isEqualTo(5);
        assertThat(all.items()).extracting(AuditRow::target).containsExactly("/api/v1/users/x4", "/api/v1/users/x3");
        AuditRepository.Page ana =
                audit.read(c, new AuditRepository.Filter("ana@example.com", "users.update", null, null), 10, 0);
        assertThat(ana.items()).extracting(AuditRow::target).containsExactly("/api/v1/users/x2", "/api/v1/users/x0");
        assertThat(ana.items().get(1).detail()).isEqualTo("{\"role\":\"viewer\"}");
        AuditRepository.Page window =
                audit.read(c, new AuditRepository.Filter(null, null, T.plusSeconds(1), T.plusSeconds(3)), 10, 0);
        assertThat(window.items()).extracting(AuditRow::target).containsExactly("/api/v1/users/x2", "/api/v1/users/x1");
        assertThat(audit.read(c, new AuditRepository.Filter(null, null, null, null), 10, 4)
                        .items())
                .hasSize(1);
    }
}
