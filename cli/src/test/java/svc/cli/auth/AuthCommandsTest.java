package svc.cli.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.client.Terminal;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;
import svc.config.Json;

/** login, whoami, logout and the token cache against the real API server. */
@ExtendWith(LiveServer.Extension.class)
class AuthCommandsTest {

    private final LiveServer server;
    private final Cli cli = new Cli();

    AuthCommandsTest(LiveServer server) {
        this.server = server;
    }

    @Test
    void loginCachesTheTokenOwnerOnlyAndWhoamiReadsIt() throws Exception {
        Cli.Result login = cli.stdin(LiveServer.ADMIN_PASSWORD + "\n")
                .run("login", "--url", server.url, "--email", LiveServer.ADMIN_EMAIL, "--password-stdin");
        assertThat(login.exitCode()).as(login.toString()).isEqualTo(ExitCodes.OK);
        assertThat(login.out()).contains("Logged in to " + server.url + " as " + LiveServer.ADMIN_EMAIL, "role admin");

        Path auth = cli.svcDir().resolve("auth.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(auth)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cli.svcDir())))
                .isEqualTo("rwx------");
        JsonNode cached = Json.parse(Files.readString(auth));
        assertThat(cached.get("url").asText()).isEqualTo(server.url);
        assertThat(cached.get("email").asText()).isEqualTo(LiveServer.ADMIN_EMAIL);
        assertThat(cached.get("token").asText()).contains(".");

        // no --url: the server of the cached login is used
        Cli.Result whoami = cli.run("whoami");
        assertThat(whoami.exitCode()).as(whoami.toString()).isEqualTo(ExitCodes.OK);
        JsonNode me = whoami.json();
        assertThat(me.get("sub").asText()).isEqualTo(LiveServer.ADMIN_EMAIL);
        assertThat(me.get("role").asText()).isEqualTo("admin");
        assertThat(me.get("expired").asBoolean()).isFalse();
        Instant expires = Instant.parse(me.get("expires_at").asText());
        assertThat(expires)
                .isBetween(
                        Instant.now().plus(23, ChronoUnit.HOURS), Instant.now().plus(25, ChronoUnit.HOURS));

        Cli.Result logout = cli.run("logout");
        assertThat(logout.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(auth).doesNotExist();
        assertThat(cli.run("whoami").exitCode()).isEqualTo(ExitCodes.AUTH);
        Cli.Result anonymous = cli.run("pipelines", "list", "--url", server.url);
        assertThat(anonymous.exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(anonymous.err()).contains("Authentication required", "svc login");
    }

    @Test
    void aWrongPasswordExitsWith3AndPrintsTheProblem() {
        Cli.Result result = cli.stdin("not the password\n")
                .run("login", "--url", server.url, "--email", LiveServer.ADMIN_EMAIL, "--password-stdin");
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCodes.AUTH);
        String[] lines = result.err().split("\\R");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("svc: Authentication required");
        assertThat(lines[1]).matches("  HTTP 401, correlation id \\S+");
        assertThat(cli.svcDir().resolve("auth.json")).doesNotExist();
    }

    @Test
    void onATerminalLoginAsksForEmailAndPassword() {
        Cli.Result result = cli.terminal(new Terminal() {
                    @Override
                    public String readLine(String prompt) {
                        assertThat(prompt).isEqualTo("Email: ");
                        return LiveServer.ADMIN_EMAIL;
                    }

                    @Override
                    public char[] readPassword(String prompt) {
                        assertThat(prompt).isEqualTo("Password: ");
                        return LiveServer.ADMIN_PASSWORD.toCharArray();
                    }
                })
                .run("login", "--url", server.url);
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCodes.OK);
        assertThat(cli.svcDir().resolve("auth.json")).exists();
    }

    @Test
    void anOldTokenFileIsMigratedOnceIntoAuthJson() throws Exception {
        Cli admin = new Cli().loggedInAsAdmin(server);
        String token = Json.parse(Files.readString(admin.svcDir().resolve("auth.json")))
                .get("token")
                .asText();
        Files.createDirectories(cli.svcDir());
        Path legacy = cli.svcDir().resolve("token");
        Files.writeString(legacy, token + "\n");

        Cli.Result list = cli.run("features", "list", "--url", server.url);
        assertThat(list.exitCode()).as(list.toString()).isEqualTo(ExitCodes.OK);
        assertThat(legacy).doesNotExist();
        Path auth = cli.svcDir().resolve("auth.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(auth)))
                .isEqualTo("rw-------");
        JsonNode cached = Json.parse(Files.readString(auth));
        assertThat(cached.get("token").asText()).isEqualTo(token);
        assertThat(cached.get("url").asText()).isEqualTo(server.url);
        assertThat(cli.run("whoami").json().get("sub").asText()).isEqualTo(LiveServer.ADMIN_EMAIL);
    }

    @Test
    void whoamiSaysWhenTheTokenExpired() throws Exception {
        Instant past = Instant.parse("2025-01-01T00:00:00Z");
        SignedJWT jwt = new SignedJWT(
                new JWSHeader(JWSAlgorithm.HS256),
                new JWTClaimsSet.Builder()
                        .subject("old@example.com")
                        .claim("role", "viewer")
                        .issueTime(Date.from(past.minus(1, ChronoUnit.DAYS)))
                        .expirationTime(Date.from(past))
                        .build());
        jwt.sign(new MACSigner("some-secret-some-secret-some-secret-0123"));
        Files.createDirectories(cli.svcDir());
        Files.writeString(
                cli.svcDir().resolve("auth.json"),
                Json.write(Json.object()
                        .put("url", server.url)
                        .put("token", jwt.serialize())
                        .put("email", "old@example.com")));

        Cli.Result whoami = cli.run("whoami");
        assertThat(whoami.exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(whoami.json().get("expired").asBoolean()).isTrue();
        assertThat(whoami.json().get("role").asText()).isEqualTo("viewer");
        assertThat(whoami.err()).contains("the token expired at 2025-01-01T00:00:00Z", "svc login --url " + server.url);

        Cli.Result call = cli.run("pipelines", "list");
        assertThat(call.exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(call.err()).contains("log in again");
    }

    @Test
    void theTokenIsNotSentToAnotherServer() throws Exception {
        cli.loggedInAsAdmin(server);
        Cli.Result other = cli.run("whoami", "--url", "http://127.0.0.1:1");
        assertThat(other.exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(other.err())
                .contains("not logged in to http://127.0.0.1:1", "the cached login is for " + server.url);

        // a second server records what it is sent: no Authorization header
        List<String> authorization = new CopyOnWriteArrayList<>();
        HttpServer stranger = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stranger.createContext("/", exchange -> {
            authorization.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] body = "{\"items\":[],\"total\":0,\"limit\":50,\"offset\":0}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stranger.start();
        try {
            Cli.Result list = cli.run(
                    "features",
                    "list",
                    "--url",
                    "http://127.0.0.1:" + stranger.getAddress().getPort());
            assertThat(list.exitCode()).as(list.toString()).isEqualTo(ExitCodes.OK);
            assertThat(authorization).containsExactly("null");
            assertThat(cli.run("features", "list").exitCode())
                    .as("the login's own server still gets it")
                    .isEqualTo(ExitCodes.OK);
        } finally {
            stranger.stop(0);
        }
    }
}
