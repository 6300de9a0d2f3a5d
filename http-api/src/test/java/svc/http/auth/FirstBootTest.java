package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.users.UserRow;

class FirstBootTest {

    @Test
    void withoutVariablesTheAdminGetsAGeneratedPasswordKeptInAPrivateFileAndOnlyOnce(@TempDir Path home)
            throws Exception {
        DatabaseSettings settings = new DatabaseSettings(
                DatabaseSettings.Kind.H2,
                "jdbc:h2:file:" + home.resolve("db").toAbsolutePath() + ";DATABASE_TO_UPPER=false",
                "sa",
                "",
                2);
        try (Database db = Database.open(settings)) {
            Users users = new Users(
                    db,
                    Runnable::run,
                    new PasswordHasher(),
                    Clock.systemUTC(),
                    new LoginThrottle(new LoginThrottle.Limits(Duration.ofMinutes(15), 10, 50), Clock.systemUTC()));
            users.bootstrapAdmin(home, Map.of());
            Path file = home.resolve("admin-password");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .isEqualTo("rw-------");
            String password = Files.readString(file).strip();
            assertThat(password).hasSizeGreaterThanOrEqualTo(20);
            UserRow admin = users.login("admin@localhost", password, "127.0.0.1")
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            assertThat(admin.role()).isEqualTo("admin");

            // A second boot changes nothing: the password on disk still logs in.
            users.bootstrapAdmin(
                    home, Map.of("SVC_ADMIN_EMAIL", "other@example.com", "SVC_ADMIN_PASSWORD", "something-else"));
            assertThat(Files.readString(file).strip()).isEqualTo(password);
            assertThat(users.find("other@example.com").toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .isEmpty();
        }
    }

    @Test
    void theJwtSecretIsGeneratedOnceIntoAPrivateFile(@TempDir Path home) throws Exception {
        JwtKeys first = JwtKeys.load(home, Map.of());
        JwtKeys again = JwtKeys.load(home, Map.of());
        assertThat(again.current()).isEqualTo(first.current());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("jwt-secret"))))
                .isEqualTo("rw-------");
        assertThatThrownBy(() -> JwtKeys.load(home, Map.of("SVC_JWT_SECRET", "short")))
                .hasMessageContaining("SVC_JWT_SECRET");
    }
}
