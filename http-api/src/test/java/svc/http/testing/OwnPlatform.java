package svc.http.testing;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import svc.config.effective.EffectiveConfig;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;
import svc.http.telemetry.ApiMetrics;

/**
 * A platform of a test's own on a temporary {@code SVC_HOME}, for tests that start API servers
 * with environments of their own (JWT secrets, single sign-on). Not the shared {@link TestServer}
 * platform: each API server started hands its feature flags to the platform's governance and cron,
 * so extra servers there would change what other tests see.
 */
public final class OwnPlatform implements AutoCloseable {

    public final Platform platform;
    public final Config config;
    private final List<HttpServer> servers = new ArrayList<>();

    public OwnPlatform() throws Exception {
        Path home = Files.createTempDirectory("svc-http-own");
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        settings.put("svc.http.env", "development");
        config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        platform = Platform.start(config, StandardParts.create());
    }

    /** The environment of {@link TestServer}'s development server: admin, API keys, JWT secrets. */
    public static Map<String, String> baseEnv() {
        Map<String, String> env = new HashMap<>();
        env.put("SVC_ADMIN_EMAIL", TestServer.ADMIN_EMAIL);
        env.put("SVC_ADMIN_PASSWORD", TestServer.ADMIN_PASSWORD);
        env.put("SVC_API_KEYS", TestServer.API_KEY);
        env.put("SVC_JWT_SECRET", TestServer.JWT_SECRET);
        return env;
    }

    /** Starts an API server with this environment; it is stopped with the platform. */
    public HttpServer server(Map<String, String> env) throws Exception {
        HttpServer s =
                HttpServer.start(platform, config, env).toCompletableFuture().get(60, TimeUnit.SECONDS);
        servers.add(s);
        return s;
    }

    /**
     * The same with the resolved configuration {@code svc server} would pass (a deployment's
     * branding, say), which {@code /api/v1/config/effective} shows and branding reads.
     */
    public HttpServer server(Map<String, String> env, EffectiveConfig effective) throws Exception {
        HttpServer s = HttpServer.start(platform, config, env, new ApiMetrics(), effective)
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        servers.add(s);
        return s;
    }

    public static Api api(HttpServer s) {
        return new Api("http://127.0.0.1:" + s.address().getPort());
    }

    @Override
    public void close() throws Exception {
        for (HttpServer s : servers) {
            s.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
        platform.close();
    }
}
