package svc.http.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.governance.permission.Role;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

@ExtendWith(ServerExtension.class)
class RateLimitTest {

    private final TestServer server;

    RateLimitTest(TestServer server) {
        this.server = server;
    }

    @Test
    void developmentHasNoLimitsAndNoHeaders() {
        Api.Reply r = server.api.get("/api/v1/agents", Api.apiKey());
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("X-RateLimit-Limit")).isEmpty();
    }

    @Test
    void productionCountsReadsPerIdentityAndAnswers429WithRetryAfter() {
        Api api = server.productionApi;
        for (int i = 1; i <= TestServer.PRODUCTION_ADMIN_READS; i++) {
            Api.Reply r = api.get("/api/v1/features", Api.apiKey());
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.header("X-RateLimit-Limit")).hasValue(Integer.toString(TestServer.PRODUCTION_ADMIN_READS));
            assertThat(r.header("X-RateLimit-Remaining"))
                    .hasValue(Integer.toString(TestServer.PRODUCTION_ADMIN_READS - i));
            assertThat(r.header("X-RateLimit-Role")).hasValue("admin");
            assertThat(Long.parseLong(r.header("X-RateLimit-Reset").orElseThrow()))
                    .isBetween(1L, 60L);
        }
        Api.Reply limited = api.get("/api/v1/features", Api.apiKey());
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("type").asText()).endsWith("/rate-limited");
        assertThat(Long.parseLong(limited.header("Retry-After").orElseThrow())).isBetween(1L, 60L);
        // Writes are another bucket; health and metrics are never limited.
        assertThat(api.post("/api/v1/auth/refresh", "", Api.apiKey()).status()).isEqualTo(200);
        assertThat(api.get("/metrics").status()).isEqualTo(200);
        assertThat(api.get("/healthz").header("X-RateLimit-Limit")).isEmpty();
        // /docs is a development-only page.
        assertThat(api.get("/docs").status()).isEqualTo(404);
    }

    @Test
    void eachNodeAllowsItsShareSoTheLimitHoldsAcrossTheCluster() {
        AtomicLong now = new AtomicLong(0);
        AtomicInteger members = new AtomicInteger(3);
        RateLimits limits = RateLimits.production(Map.of("RATE_LIMIT_ROLE_OPERATOR_WRITES", "20"));
        // Three nodes, each with its own counters, as three servers behind a load balancer.
        List<RateLimiter> nodes = List.of(
                new RateLimiter(limits, now::get, members::get),
                new RateLimiter(limits, now::get, members::get),
                new RateLimiter(limits, now::get, members::get));
        int allowed = 0;
        for (int i = 0; i < 60; i++) {
            if (nodes.get(i % 3)
                    .acquire("sub:a", RateLimits.Bucket.WRITE, Role.OPERATOR)
                    .allowed()) {
                allowed++;
            }
        }
        assertThat(allowed).as("20 a minute across three nodes: 6 each").isEqualTo(18);
        assertThat(nodes.get(0)
                        .acquire("sub:b", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .limit())
                .isEqualTo(6);
        members.set(1);
        assertThat(nodes.get(0)
                        .acquire("sub:c", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .limit())
                .as("alone again: the whole limit")
                .isEqualTo(20);
        assertThat(RateLimiter.share(2, 3)).as("never below one request").isEqualTo(1);
    }

    @Test
    void windowsResetAfterTheirLengthAndRoleLimitsComeFromTheEnvironment() {
        AtomicLong now = new AtomicLong(0);
        RateLimits limits = RateLimits.production(Map.of("RATE_LIMIT_ROLE_OPERATOR_WRITES", "2"));
        RateLimiter limiter = new RateLimiter(limits, now::get);
        assertThat(limiter.acquire("sub:a", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .allowed())
                .isTrue();
        assertThat(limiter.acquire("sub:a", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .allowed())
                .isTrue();
        RateLimiter.Outcome third = limiter.acquire("sub:a", RateLimits.Bucket.WRITE, Role.OPERATOR);
        assertThat(third.allowed()).isFalse();
        assertThat(third.resetSeconds()).isEqualTo(60);
        assertThat(limiter.acquire("sub:b", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .allowed())
                .as("another identity")
                .isTrue();
        assertThat(limiter.acquire("sub:a", RateLimits.Bucket.READ, Role.OPERATOR)
                        .limit())
                .as("spec default")
                .isEqualTo(600);
        now.addAndGet(59_500_000_000L);
        assertThat(limiter.acquire("sub:a", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .resetSeconds())
                .isEqualTo(1);
        now.addAndGet(500_000_000L);
        assertThat(limiter.acquire("sub:a", RateLimits.Bucket.WRITE, Role.OPERATOR)
                        .allowed())
                .isTrue();
        assertThat(limits.limitFor(RateLimits.Bucket.PIPELINE_CREATE, Role.ADMIN))
                .isEqualTo(new RateLimits.Limit(20, Duration.ofHours(1)));
        assertThat(limits.limitFor(RateLimits.Bucket.AUTH, null).requests()).isEqualTo(20);
        assertThat(limits.limitFor(RateLimits.Bucket.WRITE, Role.VIEWER).requests())
                .isZero();
    }

    @Test
    void aBadRoleLimitIsRejectedNamingTheVariable() {
        assertThatThrownBy(() -> RateLimits.production(Map.of("RATE_LIMIT_ROLE_VIEWER_READS", "many")))
                .hasMessageContaining("RATE_LIMIT_ROLE_VIEWER_READS");
    }
}
