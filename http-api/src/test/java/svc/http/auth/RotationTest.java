package svc.http.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.http.testing.Api;
import svc.http.testing.OwnPlatform;
import svc.http.testing.TestServer;

/**
 * JWT secret rotation end to end, as an operator does it: servers restarted with the new secret and
 * the old one as {@code SVC_JWT_PREVIOUS_SECRET}, then with the grace over (by
 * {@code SVC_JWT_PREVIOUS_SECRET_UNTIL} in the past, or the old secret removed).
 */
class RotationTest {

    private static final String OLD = "rotation-old-secret-rotation-old-secret-01";
    private static final String NEW = "rotation-new-secret-rotation-new-secret-02";

    @Test
    void aRotatedSecretsTokensAreAcceptedDuringTheGraceAndRefusedAfter() throws Exception {
        try (OwnPlatform own = new OwnPlatform()) {
            Api before = OwnPlatform.api(own.server(env(Map.of("SVC_JWT_SECRET", OLD))));
            Api grace = OwnPlatform.api(own.server(env(Map.of("SVC_JWT_SECRET", NEW, "SVC_JWT_PREVIOUS_SECRET", OLD))));
            Api graceOver = OwnPlatform.api(own.server(env(Map.of(
                    "SVC_JWT_SECRET", NEW,
                    "SVC_JWT_PREVIOUS_SECRET", OLD,
                    "SVC_JWT_PREVIOUS_SECRET_UNTIL",
                            Instant.now().minusSeconds(1).toString()))));
            Api after = OwnPlatform.api(own.server(env(Map.of("SVC_JWT_SECRET", NEW))));

            String old = before.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
            assertThat(verifies(old, OLD)).isTrue();
            assertThat(before.get("/api/v1/auth/me", Api.bearer(old)).status()).isEqualTo(200);

            assertThat(grace.get("/api/v1/auth/me", Api.bearer(old)).status()).isEqualTo(200);
            String fresh = grace.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
            assertThat(verifies(fresh, NEW)).isTrue();
            // A refresh during the grace moves a client onto the new secret.
            String refreshed = grace.post("/api/v1/auth/refresh", "", Api.bearer(old))
                    .json()
                    .get("token")
                    .asText();
            assertThat(verifies(refreshed, NEW)).isTrue();

            Api.Reply refused = graceOver.get("/api/v1/auth/me", Api.bearer(old));
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.json().get("detail").asText()).contains("signature");
            assertThat(graceOver.get("/api/v1/auth/me", Api.bearer(fresh)).status())
                    .isEqualTo(200);
            assertThat(after.get("/api/v1/auth/me", Api.bearer(old)).status()).isEqualTo(401);
            assertThat(after.get("/api/v1/auth/me", Api.bearer(refreshed)).status())
                    .isEqualTo(200);
        }
    }

    private static Map<String, String> env(Map<String, String> secrets) {
        Map<String, String> env = OwnPlatform.baseEnv();
        env.putAll(secrets);
        return env;
    }

    private static boolean verifies(String token, String secret) throws Exception {
        return SignedJWT.parse(token).verify(new MACVerifier(secret.getBytes(StandardCharsets.UTF_8)));
    }
}
