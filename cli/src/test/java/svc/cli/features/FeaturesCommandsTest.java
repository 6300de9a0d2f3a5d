package svc.cli.features;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;
import svc.config.Json;

/** Feature flags through the CLI on the real server: read, override, reset, and who may change them. */
@ExtendWith(LiveServer.Extension.class)
class FeaturesCommandsTest {

    private final LiveServer server;
    private final Cli admin;

    FeaturesCommandsTest(LiveServer server) {
        this.server = server;
        this.admin = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void anAdminOverridesAFlagAndResetsIt() {
        Cli.Result table = admin.run("features", "list", "--table");
        assertThat(table.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(table.out()).startsWith("NAME").containsPattern("hooks_enabled\\s+true\\s+FLAG\\s+true\\s+default");

        Cli.Result set = admin.run("features", "set", "plugin_agents_enabled", "false");
        assertThat(set.exitCode()).as(set.toString()).isEqualTo(ExitCodes.OK);
        assertThat(set.json().get("enabled").asBoolean()).isFalse();
        assertThat(admin.run("features", "get", "plugin_agents_enabled")
                        .json()
                        .get("enabled")
                        .asBoolean())
                .isFalse();

        Cli.Result reset = admin.run("features", "reset", "plugin_agents_enabled");
        assertThat(reset.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(reset.json().get("enabled").asBoolean()).isTrue();
        assertThat(reset.json().get("source").asText()).isEqualTo("default");
    }

    @Test
    void anUnknownFlagExits4AndAnInvariantCannotBeTurnedOff() {
        Cli.Result unknown = admin.run("features", "get", "no_such_flag");
        assertThat(unknown.exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(unknown.err()).contains("no_such_flag", "HTTP 404");

        Cli.Result invariant = admin.run("features", "set", "audit_log_enabled", "false");
        assertThat(invariant.exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(invariant.err()).contains("audit_log_enabled", "HTTP 422");
    }

    @Test
    void aViewerMayReadFlagsButChangingOneIsAnAuthError() {
        String token = Json.parse(readAuth(admin)).get("token").asText();
        ApiClient api = new ApiClient(URI.create(server.url), Optional.of(token));
        String email = "viewer-" + System.nanoTime() + "@example.com";
        api.post(
                "/api/v1/users",
                Json.object()
                        .put("email", email)
                        .put("password", "viewer password 1")
                        .put("role", "viewer"));

        Cli viewer = new Cli().stdin("viewer password 1\n");
        assertThat(viewer.run("login", "--url", server.url, "--email", email, "--password-stdin")
                        .exitCode())
                .isEqualTo(ExitCodes.OK);
        assertThat(viewer.run("features", "get", "hooks_enabled").exitCode()).isEqualTo(ExitCodes.OK);
        Cli.Result denied = viewer.run("features", "set", "hooks_enabled", "false");
        assertThat(denied.exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(denied.err()).startsWith("svc: Permission denied").contains("HTTP 403");
    }

    private static String readAuth(Cli cli) {
        try {
            return Files.readString(cli.svcDir().resolve("auth.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
