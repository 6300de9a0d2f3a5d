package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.governance.permission.Role;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

@ExtendWith(ServerExtension.class)
class AuthTest {

    private final TestServer server;
    private final Api api;

    AuthTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void loginIssuesAnHs256TokenWithTheUsersRoleForADay() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        SignedJWT jwt = SignedJWT.parse(token);
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.HS256);
        JWTClaimsSet claims = jwt.getJWTClaimsSet();
        assertThat(claims.getSubject()).isEqualTo(TestServer.ADMIN_EMAIL);
        assertThat(claims.getStringClaim("role")).isEqualTo("admin");
        assertThat(claims.getJWTID()).isNotBlank();
        assertThat(Duration.between(
                        claims.getIssueTime().toInstant(),
                        claims.getExpirationTime().toInstant()))
                .isEqualTo(Duration.ofHours(24));
        assertThat(api.get("/api/v1/pipelines", Api.bearer(token)).status()).isEqualTo(200);
    }

    @Test
    void wrongPasswordAndUnknownUserAreTheSame401() {
        Api.Reply wrong = api.post(
                "/api/v1/auth/login", "{\"email\":\"" + TestServer.ADMIN_EMAIL + "\",\"password\":\"nope-nope\"}");
        Api.Reply unknown =
                api.post("/api/v1/auth/login", "{\"email\":\"ghost@example.com\",\"password\":\"nope-nope\"}");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(unknown.status()).isEqualTo(401);
        assertThat(wrong.json().get("detail")).isEqualTo(unknown.json().get("detail"));
        assertThat(wrong.header("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void refreshGivesANewTokenThatWorks() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        Api.Reply refreshed = api.post("/api/v1/auth/refresh", "", Api.bearer(token));
        assertThat(refreshed.status()).isEqualTo(200);
        String fresh = refreshed.json().get("token").asText();
        assertThat(SignedJWT.parse(fresh).getJWTClaimsSet().getJWTID())
                .isNotEqualTo(SignedJWT.parse(token).getJWTClaimsSet().getJWTID());
        assertThat(api.get("/api/v1/agents", Api.bearer(fresh)).status()).isEqualTo(200);
    }

    @Test
    void missingMalformedUnsignedForgedAndExpiredTokensAre401() throws Exception {
        assertUnauthorized(api.get("/api/v1/pipelines"));
        assertUnauthorized(api.get("/api/v1/pipelines", "Authorization", "Bearer not-a-jwt"));
        assertUnauthorized(api.get("/api/v1/pipelines", "Authorization", "Basic YWRtaW46YWRtaW4="));
        JWTClaimsSet claims =
                claims(TestServer.ADMIN_EMAIL, "admin", Instant.now().plusSeconds(3600));
        assertUnauthorized(api.get("/api/v1/pipelines", Api.bearer(new PlainJWT(claims).serialize())));
        assertUnauthorized(
                api.get("/api/v1/pipelines", Api.bearer(sign(claims, "a-different-secret-a-different-secret-0000"))));
        assertUnauthorized(api.get(
                "/api/v1/pipelines",
                Api.bearer(sign(
                        claims(TestServer.ADMIN_EMAIL, "admin", Instant.now().minusSeconds(5)),
                        TestServer.JWT_SECRET))));
        assertUnauthorized(api.get("/api/v1/pipelines", "X-API-Key", "wrong-key"));
    }

    @Test
    void aTokenSignedWithThePreviousSecretStillVerifiesDuringRotation() throws Exception {
        String old = sign(
                claims(TestServer.ADMIN_EMAIL, "admin", Instant.now().plusSeconds(600)),
                TestServer.PREVIOUS_JWT_SECRET);
        assertThat(api.get("/api/v1/pipelines", Api.bearer(old)).status()).isEqualTo(200);
    }

    @Test
    void tokenServiceRejectsATokenPastItsExpiry() {
        JwtKeys keys = new JwtKeys(TestServer.JWT_SECRET.getBytes(StandardCharsets.UTF_8), Optional.empty());
        Instant issued = Instant.parse("2026-01-01T00:00:00Z");
        String token = new TokenService(keys, Clock.fixed(issued, ZoneOffset.UTC)).issue("a@b.c", Role.OPERATOR);
        TokenService later = new TokenService(keys, Clock.fixed(issued.plus(Duration.ofHours(24)), ZoneOffset.UTC));
        TokenService before = new TokenService(keys, Clock.fixed(issued.plus(Duration.ofHours(23)), ZoneOffset.UTC));
        assertThat(before.verify(token).role()).isEqualTo(Role.OPERATOR);
        assertThatThrownBy(() -> later.verify(token)).hasMessageContaining("expired");
    }

    @Test
    void apiKeyIsAdminEquivalent() {
        Api.Reply r = api.get("/api/v1/permissions/denials", Api.apiKey());
        assertThat(r.status()).isEqualTo(200);
    }

    @Test
    void adminCreatesAViewerWhoCanReadButNotWriteAndTheDenialIsRecorded() {
        String email = "viewer-" + System.nanoTime() + "@example.com";
        Api.Reply created = api.post(
                "/api/v1/users",
                Json.write(Json.object()
                        .put("email", email)
                        .put("password", "viewer-password")
                        .put("role", "viewer")),
                Api.apiKey());
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("role").asText()).isEqualTo("viewer");
        Api.Reply again = api.post(
                "/api/v1/users",
                Json.write(Json.object()
                        .put("email", email)
                        .put("password", "viewer-password")
                        .put("role", "viewer")),
                Api.apiKey());
        assertThat(again.status()).isEqualTo(409);

        String viewer = api.login(email, "viewer-password");
        assertThat(api.get("/api/v1/pipelines", Api.bearer(viewer)).status()).isEqualTo(200);
        Api.Reply denied =
                api.post("/api/v1/pipelines", "{\"problem\":\"p\",\"dataset_path\":\"/x\"}", Api.bearer(viewer));
        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.json().get("type").asText()).endsWith("/permission-denied");
        assertThat(denied.json().get("rule_source").asText()).isEqualTo("rbac");
        assertThat(api.post(
                                "/api/v1/users",
                                "{\"email\":\"x@y.z\",\"password\":\"12345678\",\"role\":\"admin\"}",
                                Api.bearer(viewer))
                        .status())
                .isEqualTo(403);
        assertThat(api.get("/api/v1/permissions/denials", Api.bearer(viewer)).status())
                .isEqualTo(403);

        Api.Reply denials =
                api.get("/api/v1/permissions/denials?agent=" + email + "&tool=pipelines.create", Api.apiKey());
        assertThat(denials.status()).isEqualTo(200);
        assertThat(denials.json().get("items")).hasSize(1);
        assertThat(denials.json().get("items").get(0).get("source").asText()).isEqualTo("rbac");
        assertThat(api.get("/api/v1/permissions/denials?since=2999-01-01T00:00:00Z&agent=" + email, Api.apiKey())
                        .json()
                        .get("total")
                        .asInt())
                .isZero();
    }

    @Test
    void userCreationValidatesTheBody() {
        Api.Reply badRole = api.post(
                "/api/v1/users", "{\"email\":\"a@b.c\",\"password\":\"12345678\",\"role\":\"root\"}", Api.apiKey());
        assertThat(badRole.status()).isEqualTo(400);
        assertThat(badRole.json().get("detail").asText()).contains("role");
        Api.Reply shortPassword =
                api.post("/api/v1/users", "{\"email\":\"a@b.c\",\"password\":\"1\",\"role\":\"viewer\"}", Api.apiKey());
        assertThat(shortPassword.status()).isEqualTo(400);
        assertThat(shortPassword.json().get("detail").asText()).contains("password");
    }

    private static void assertUnauthorized(Api.Reply r) {
        assertThat(r.status()).as(r.text()).isEqualTo(401);
        assertThat(r.json().get("type").asText()).endsWith("/unauthorized");
        assertThat(r.json().get("status").asInt()).isEqualTo(401);
    }

    private static JWTClaimsSet claims(String sub, String role, Instant exp) {
        return new JWTClaimsSet.Builder()
                .subject(sub)
                .claim("role", role)
                .issueTime(new Date())
                .expirationTime(Date.from(exp))
                .jwtID("t")
                .build();
    }

    private static String sign(JWTClaimsSet claims, String secret) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }
}
