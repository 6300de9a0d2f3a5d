package svc.http.server;

import com.typesafe.config.Config;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import svc.http.ratelimit.RateLimits;

/**
 * The server's settings, read once: address from {@code svc.http.*} (with {@code SVC_PORT}),
 * the environment kind, API keys and rate limits from the process environment. The rate limits
 * (G7) apply in production while {@code svc.governance.guardrails.G7} is on (absent: on).
 */
public record HttpSettings(
        String host,
        int port,
        boolean production,
        List<String> apiKeys,
        RateLimits rateLimits,
        int streamBuffer,
        long maxBodyBytes) {

    public static HttpSettings from(Config config, Map<String, String> env) {
        Config http = config.getConfig("svc.http");
        String kind = http.getString("env").strip().toLowerCase(Locale.ROOT);
        if (!kind.equals("development") && !kind.equals("production")) {
            throw new IllegalArgumentException("SVC_ENV must be development or production, got '" + kind + "'");
        }
        boolean production = kind.equals("production");
        int port = http.getInt("port");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("SVC_PORT must be between 0 and 65535, got " + port);
        }
        List<String> keys = Arrays.stream(env.getOrDefault("SVC_API_KEYS", "").split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
        return new HttpSettings(
                http.getString("host"),
                port,
                production,
                keys,
                production && rateLimited(config) ? RateLimits.production(env) : RateLimits.disabled(),
                http.getInt("stream-buffer"),
                http.getBytes("max-body"));
    }

    /** G7: on unless the resolved configuration (the deployment in force) switches it off. */
    static boolean rateLimited(Config config) {
        return !config.hasPath(G7) || config.getBoolean(G7);
    }

    /** The switch of the per-user rate limits (G7), from the template or deployment in force. */
    public static final String G7 = "svc.governance.guardrails.G7";
}
