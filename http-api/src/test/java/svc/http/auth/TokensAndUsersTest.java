package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** API tokens and user management over real HTTP. */
@ExtendWith(ServerExtension.class)
class TokensAndUsersTest {

    private final TestServer server;
    private final Api api;

    TokensAndUsersTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    private String newUser(String role) {
        String email = role + "-" + System.nanoTime() + "@example.com";
        Api.Reply r = api.post(
                "/api/v1/users",
                Json.write(Json.object()
                        .put("email", email)
                        .put("password", "user-password")
                        .put("role", role)),
                Api.apiKey());
        assertThat(r.status()).as(r.text()).isEqualTo(201);
        return email;
    }

    private Api.Reply newToken(String[] auth, String role, String expiry) {
        return api.post("/api/v1/tokens", "{\"name\":\"ci\",\"role\":\"" + role + "\"," + expiry + "}", auth);
    }

    @Test
    void aTokenIsShownOnceStoredHashedListedWithoutSecretAcceptedTwoWaysAndRevoked() throws Exception {
        String email = newUser("operator");
        String[] operator = Api.bearer(api.login(email, "user-password"));

        Api.Reply above = newToken(operator, "admin", "\"expires_in_days\":1");
        assertThat(above.status()).as(above.text()).isEqualTo(403);
        assertThat(above.json().get("rule_source").asText()).isEqualTo("token-role-ceiling");
        assertThat(newToken(operator, "viewer", "\"expires_in_days\":1,\"expires_at\":\"2030-01-01T00:00:00Z\"")
                        .status())
                .isEqualTo(400);

        Api.Reply created = newToken(operator, "viewer", "\"expires_in_days\":30");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String secret = created.json().get("token").asText();
        String id = created.json().get("id").asText();
        assertThat(secret).startsWith(ApiTokens.PREFIX).hasSizeGreaterThan(40);
        assertThat(created.json().get("owner").asText()).isEqualTo(email);

        assertThat(storedHashes(id)).containsExactly(ApiTokens.sha256(secret));

        JsonNode me = api.get("/api/v1/auth/me", Api.bearer(secret)).json();
        assertThat(me.get("email").asText()).isEqualTo(email);
        assertThat(me.get("role").asText()).isEqualTo("viewer");
        assertThat(me.get("auth").asText()).isEqualTo("bearer");
        assertThat(api.get("/api/v1/auth/me", "X-API-Key", secret)
                        .json()
                        .get("auth")
                        .asText())
                .isEqualTo("api_key");
        // The token's role, not the owner's, is in force.
        assertThat(api.post("/api/v1/pipelines", "{\"problem\":\"p\",\"dataset_path\":\"/x\"}", Api.bearer(secret))
                        .status())
                .isEqualTo(403);
        assertThat(api.post("/api/v1/auth/refresh", "", Api.bearer(secret)).status())
                .isEqualTo(400);

        Api.Reply mine = api.get("/api/v1/tokens", operator);
        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.json().get("items")).hasSize(1);
        JsonNode listed = mine.json().get("items").get(0);
        assertThat(listed.get("id").asText()).isEqualTo(id);
        assertThat(listed.get("state").asText()).isEqualTo("active");
        assertThat(listed.has("token")).isFalse();
        assertThat(mine.text()).doesNotContain(secret).doesNotContain(ApiTokens.sha256(secret));
        assertThat(api.get("/api/v1/tokens?all=true", operator).status()).isEqualTo(403);
        assertThat(ids(api.get("/api/v1/tokens?all=true&limit=1000", Api.apiKey())
                        .json()))
                .contains(id);

        String other = newUser("operator");
        assertThat(api.delete("/api/v1/tokens/" + id, Api.bearer(api.login(other, "user-password")))
                        .status())
                .isEqualTo(404);
        Api.Reply revoked = api.delete("/api/v1/tokens/" + id, operator);
        assertThat(revoked.status()).as(revoked.text()).isEqualTo(200);
        assertThat(revoked.json().get("state").asText()).isEqualTo("revoked");
        Api.Reply refused = api.get("/api/v1/auth/me", Api.bearer(secret));
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().get("detail").asText()).contains("revoked");
        assertThat(api.get("/api/v1/auth/me", "X-API-Key", secret).status()).isEqualTo(401);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(ApiTokens.PREFIX + "made-up"))
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aTokenPastItsExpiryIs401() {
        String[] admin = Api.bearer(api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD));
        String soon = Instant.now().plusSeconds(2).toString();
        Api.Reply created = newToken(admin, "operator", "\"expires_at\":\"" + soon + "\"");
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        String secret = created.json().get("token").asText();
        assertThat(api.get("/api/v1/auth/me", Api.bearer(secret))
                        .json()
                        .get("role")
                        .asText())
                .isEqualTo("operator");
        server.eventually(20, () -> {
            Api.Reply r = api.get("/api/v1/auth/me", Api.bearer(secret));
            assertThat(r.status()).isEqualTo(401);
            assertThat(r.json().get("detail").asText()).contains("expired");
        });
        assertThat(newToken(admin, "operator", "\"expires_at\":\"2001-01-01T00:00:00Z\"")
                        .status())
                .isEqualTo(400);
    }

    @Test
    void aDisabledUsersLoginSessionJwtAndTokensAreRefusedUntilEnabledAgain() {
        String email = newUser("operator");
        String jwt = api.login(email, "user-password");
        Api.Reply session = api.post(
                "/api/v1/auth/session",
                Json.write(Json.object().put("email", email).put("password", "user-password")));
        String cookie = session.headers().allValues("Set-Cookie").get(0).split(";")[0];
        String token = newToken(Api.bearer(jwt), "operator", "\"expires_in_days\":1")
                .json()
                .get("token")
                .asText();
        assertThat(api.get("/api/v1/auth/me", "Cookie", cookie).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(token))
                        .json()
                        .get("role")
                        .asText())
                .isEqualTo("operator");

        Api.Reply disabled = api.patch("/api/v1/users/" + email, "{\"disabled\":true}", Api.apiKey());
        assertThat(disabled.status()).as(disabled.text()).isEqualTo(200);
        assertThat(disabled.json().get("disabled").asBoolean()).isTrue();

        assertThat(api.get("/api/v1/auth/me", Api.bearer(jwt)).status()).isEqualTo(401);
        assertThat(api.get("/api/v1/auth/me", "Cookie", cookie).status()).isEqualTo(401);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(token)).status()).isEqualTo(401);
        Api.Reply login = api.post(
                "/api/v1/auth/login",
                Json.write(Json.object().put("email", email).put("password", "user-password")));
        assertThat(login.status()).isEqualTo(401);
        assertThat(login.json().get("detail").asText()).contains("disabled");

        JsonNode users = api.get("/api/v1/users?limit=1000", Api.apiKey()).json();
        assertThat(user(users, email).get("disabled").asBoolean()).isTrue();

        assertThat(api.patch("/api/v1/users/" + email, "{\"disabled\":false,\"role\":\"viewer\"}", Api.apiKey())
                        .status())
                .isEqualTo(200);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(jwt)).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(api.login(email, "user-password")))
                        .json()
                        .get("role")
                        .asText())
                .isEqualTo("viewer");
        // A token is capped by its owner's role now: the operator token of a user made viewer is viewer.
        assertThat(api.get("/api/v1/auth/me", Api.bearer(token))
                        .json()
                        .get("role")
                        .asText())
                .isEqualTo("viewer");
        assertThat(user(api.get("/api/v1/users?limit=1000", Api.apiKey()).json(), email)
                        .get("role")
                        .asText())
                .isEqualTo("viewer");
    }

    @Test
    void onlyAdminsManageUsersAndNoAdminLocksThemselfOut() {
        String viewer = api.login(newUser("viewer"), "user-password");
        assertThat(api.get("/api/v1/users", Api.bearer(viewer)).status()).isEqualTo(403);
        assertThat(api.patch("/api/v1/users/" + TestServer.ADMIN_EMAIL, "{\"disabled\":true}", Api.bearer(viewer))
                        .status())
                .isEqualTo(403);
        String admin = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        assertThat(api.patch("/api/v1/users/" + TestServer.ADMIN_EMAIL, "{\"disabled\":true}", Api.bearer(admin))
                        .status())
                .isEqualTo(409);
        assertThat(api.patch("/api/v1/users/nobody@example.com", "{\"role\":\"viewer\"}", Api.apiKey())
                        .status())
                .isEqualTo(404);
        assertThat(api.patch("/api/v1/users/nobody@example.com", "{\"role\":\"root\"}", Api.apiKey())
                        .status())
                .isEqualTo(400);
        assertThat(api.get("/api/v1/auth/me", Api.bearer(admin)).status()).isEqualTo(200);
    }

    private List<String> storedHashes(String id) throws Exception {
        try (Connection c = server.platform.database().connection();
                PreparedStatement ps = c.prepareStatement("SELECT token_hash FROM api_tokens WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                List<String> found = new ArrayList<>();
                while (rs.next()) {
                    found.add(rs.getString(1));
                }
                return found;
            }
        }
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("items").forEach(i -> ids.add(i.get("id").asText()));
        return ids;
    }

    private static JsonNode user(JsonNode page, String email) {
        for (JsonNode u : page.get("items")) {
            if (u.get("email").asText().equals(email)) {
                return u;
            }
        }
        throw new AssertionError("no user " + email + " in " + page);
    }
}
