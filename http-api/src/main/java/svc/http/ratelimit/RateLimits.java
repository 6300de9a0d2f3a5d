package svc.http.ratelimit;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import svc.governance.permission.Role;

/**
 * The limits in force: none in development; in production the spec's table. A caller with a
 * role gets its role's reads and writes per minute ({@code RATE_LIMIT_ROLE_<ROLE>_READS|WRITES}
 * override them); requests without a role (login) get the per-IP auth limit.
 */
public record RateLimits(
        boolean enabled, Map<Role, Integer> reads, Map<Role, Integer> writes, int authPerMinute, int pipelinesPerHour) {

    /** Batch submissions and resumes a caller may make an hour (spec: POST /batch/*). */
    public static final int BATCH_PER_HOUR = 5;

    /** The endpoint classes limits are counted by. */
    public enum Bucket {
        AUTH,
        READ,
        WRITE,
        PIPELINE_CREATE,
        BATCH;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static RateLimits disabled() {
        return new RateLimits(false, Map.of(), Map.of(), 0, 0);
    }

    /** The production limits with the role overrides of {@code env}. */
    public static RateLimits production(Map<String, String> env) {
        Map<Role, Integer> reads = new EnumMap<>(Role.class);
        Map<Role, Integer> writes = new EnumMap<>(Role.class);
        reads.put(Role.VIEWER, number(env, "RATE_LIMIT_ROLE_VIEWER_READS", 100));
        writes.put(Role.VIEWER, number(env, "RATE_LIMIT_ROLE_VIEWER_WRITES", 0));
        reads.put(Role.OPERATOR, number(env, "RATE_LIMIT_ROLE_OPERATOR_READS", 600));
        writes.put(Role.OPERATOR, number(env, "RATE_LIMIT_ROLE_OPERATOR_WRITES", 20));
        reads.put(Role.ADMIN, number(env, "RATE_LIMIT_ROLE_ADMIN_READS", 2000));
        writes.put(Role.ADMIN, number(env, "RATE_LIMIT_ROLE_ADMIN_WRITES", 100));
        return new RateLimits(true, reads, writes, 20, 20);
    }

    /** The limit and window of a bucket for a role (null for unauthenticated requests). */
    public Limit limitFor(Bucket bucket, Role role) {
        return switch (bucket) {
            case AUTH -> new Limit(authPerMinute, Duration.ofMinutes(1));
            case PIPELINE_CREATE -> new Limit(pipelinesPerHour, Duration.ofHours(1));
            case BATCH -> new Limit(BATCH_PER_HOUR, Duration.ofHours(1));
            case READ -> new Limit(role == null ? 1000 : reads.get(role), Duration.ofMinutes(1));
            case WRITE -> new Limit(role == null ? 100 : writes.get(role), Duration.ofMinutes(1));
        };
    }

    /** A number of requests per window. */
    public record Limit(int requests, Duration window) {}

    private static int number(Map<String, String> env, String name, int fallback) {
        String raw = env.get(name);
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(raw.strip());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + " must be a whole number of requests per minute (0 or more), got '" + raw + "'");
        }
    }
}
