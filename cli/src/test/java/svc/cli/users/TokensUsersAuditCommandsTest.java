package svc.cli.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;
import svc.config.Json;

/** {@code svc tokens}, {@code svc users} and {@code svc audit log} against the real server. */
@ExtendWith(LiveServer.Extension.class)
class TokensUsersAuditCommandsTest {

    private final LiveServer server;
    private final Cli admin;

    TokensUsersAuditCommandsTest(LiveServer server) {
        this.server = server;
        this.admin = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void aTokenIsCreatedOnceListedWithoutItsSecretWorksAndIsRevoked() {
        Cli.Result created = admin.run("tokens", "create", "ci", "--role", "viewer", "--days", "7");
        assertThat(created.exitCode()).as(created.toString()).isEqualTo(ExitCodes.OK);
        String secret = created.json().get("token").asText();
        String id = created.json().get("id").asText();
        assertThat(secret).startsWith("svct_");

        ApiClient withToken = new ApiClient(URI.create(server.url), Optional.of(secret));
        assertThat(withToken.get("/api/v1/auth/me").get("role").asText()).isEqualTo("viewer");

        Cli.Result table = admin.run("tokens", "list", "--table");
        assertThat(table.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(table.out())
                .startsWith("ID")
                .contains(id)
                .containsPattern("ci\\s+viewer")
                .doesNotContain(secret);

        assertThat(admin.run("tokens", "revoke", id).json().get("state").asText())
                .isEqualTo("revoked");
        assertThat(withToken.getReply("/api/v1/auth/me").status()).isEqualTo(401);
        assertThat(admin.run("tokens", "create", "x", "--role", "viewer").exitCode())
                .isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void anAdminListsUsersChangesARoleDisablesAndEnablesAndTheAuditLogShowsIt() {
        String email = "cli-user-" + System.nanoTime() + "@example.com";
        String token = Json.parse(read(admin.svcDir().resolve("auth.json")))
                .get("token")
                .asText();
        new ApiClient(URI.create(server.url), Optional.of(token))
                .post(
                        "/api/v1/users",
                        Json.object()
                                .put("email", email)
                                .put("password", "cli password 1")
                                .put("role", "viewer"));

        assertThat(admin.run("users", "set-role", email, "operator")
                        .json()
                        .get("role")
                        .asText())
                .isEqualTo("operator");
        assertThat(admin.run("users", "disable", email).json().get("disabled").asBoolean())
                .isTrue();
        Cli user = new Cli().stdin("cli password 1\n");
        assertThat(user.run("login", "--url", server.url, "--email", email, "--password-stdin")
                        .exitCode())
                .isEqualTo(ExitCodes.AUTH);
        assertThat(admin.run("users", "enable", email).json().get("disabled").asBoolean())
                .isFalse();
        Cli again = new Cli().stdin("cli password 1\n");
        assertThat(again.run("login", "--url", server.url, "--email", email, "--password-stdin")
                        .exitCode())
                .isEqualTo(ExitCodes.OK);

        Cli.Result users = admin.run("users", "list", "--table", "--limit", "1000");
        assertThat(users.out())
                .startsWith("EMAIL")
                .containsPattern(email.replace(".", "\\.") + "\\s+operator\\s+false");

        server.eventually(10, () -> {
            Cli.Result log = admin.run("audit", "log", "--action", "users.update", "--actor", LiveServer.ADMIN_EMAIL);
            assertThat(log.exitCode()).as(log.toString()).isEqualTo(ExitCodes.OK);
            assertThat(log.json().get("items").findValuesAsText("target"))
                    .filteredOn(t -> t.equals("/api/v1/users/" + email))
                    .hasSize(3);
            assertThat(admin.run("audit", "log", "--table").out())
                    .startsWith("AT")
                    .contains("users.update");
        });
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
