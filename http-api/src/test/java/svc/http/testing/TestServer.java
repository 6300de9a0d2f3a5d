package svc.http.testing;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.extension.ExtensionContext;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;

/**
 * One platform on a temporary {@code SVC_HOME} with two API servers on free loopback ports: the
 * development one most tests use, and a production one (rate limits on, admin reads limited to
 * {@value #PRODUCTION_ADMIN_READS} a minute) for the limit tests. Started once for the whole test
 * run and stopped at its end, so the module's tests share one platform.
 */
public final class TestServer implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    public static final String ADMIN_EMAIL = "admin@example.com";
    public static final String ADMIN_PASSWORD = "correct horse battery staple";
    public static final String API_KEY = "test-api-key-0123456789";
    public static final String JWT_SECRET = "test-secret-test-secret-test-secret-0123";
    public static final String PREVIOUS_JWT_SECRET = "previous-secret-previous-secret-previous-0";
    public static final int PRODUCTION_ADMIN_READS = 5;
    public static final int LOGIN_FAILURES_PER_ACCOUNT = 4;
    public static final int LOGIN_FAILURES_PER_IP = 6;
    public static final String WEBHOOK_SECRET = "test-webhook-secret-test-webhook-secret";
    /** The largest dataset upload the test servers take (German Credit, 161 KB, fits). */
    public static final long MAX_UPLOAD = 512 * 1024;

    public static final Path DATASET =
            Path.of("../data/german_credit/german_credit.csv").toAbsolutePath().normalize();

    public final Path home;
    public final Platform platform;
    public final HttpServer server;
    public final HttpServer production;
    public final Api api;
    public final Api productionApi;
    /** The configuration the servers were started with (for tests that start another server). */
    public final Config config;
    /** The environment the development server was started with. */
    public final Map<String, String> env;

    private final ActorTestKit probes = ActorTestKit.create("probes");

    private TestServer() throws Exception {
        home = Files.createTempDirectory("svc-http-test");
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        settings.put("svc.http.env", "development");
        settings.put("svc.notifications.webhook-secret", WEBHOOK_SECRET);
        settings.put("svc.notifications.poll-interval", "200ms");
        settings.put("svc.datasets.max-upload-bytes", MAX_UPLOAD);
        // Small enough for the throttle tests to reach quickly (each failure costs a bcrypt check).
        settings.put("svc.auth.login-throttle.max-failures-per-account", LOGIN_FAILURES_PER_ACCOUNT);
        settings.put("svc.auth.login-throttle.max-failures-per-ip", LOGIN_FAILURES_PER_IP);
        config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        platform = Platform.start(config, StandardParts.create());
        Map<String, String> env = new HashMap<>();
        env.put("SVC_ADMIN_EMAIL", ADMIN_EMAIL);
        env.put("SVC_ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("SVC_API_KEYS", "other-key-not-used," + API_KEY);
        env.put("SVC_JWT_SECRET", JWT_SECRET);
        env.put("SVC_JWT_PREVIOUS_SECRET", PREVIOUS_JWT_SECRET);
        server = HttpServer.start(platform, config, env).toCompletableFuture().get(60, TimeUnit.SECONDS);
        this.env = Map.copyOf(env);
        env.put("RATE_LIMIT_ROLE_ADMIN_READS", Integer.toString(PRODUCTION_ADMIN_READS));
        Config productionConfig =
                ConfigFactory.parseMap(Map.of("svc.http.env", "production")).withFallback(config);
        production = HttpServer.start(platform, productionConfig, env)
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        api = new Api("http://127.0.0.1:" + server.address().getPort());
        productionApi = new Api("http://127.0.0.1:" + production.address().getPort());
    }

    /** The shared server, started on first use and closed when the test run ends. */
    public static TestServer get(ExtensionContext context) {
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(
                        TestServer.class,
                        k -> {
                            try {
                                return new TestServer();
                            } catch (Exception e) {
                                throw new IllegalStateException("could not start the test server: " + e, e);
                            }
                        },
                        TestServer.class);
    }

    /** Retries the assertion until it passes or the deadline is reached: the read side catches up with the journal. */
    public void eventually(int seconds, Runnable assertion) {
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(seconds), Duration.ofMillis(100), () -> {
            assertion.run();
            return null;
        });
    }

    /** A WebSocket client on {@code path} of the development server (see {@link StreamClient}). */
    public StreamClient stream(String path) throws Exception {
        return StreamClient.open(probes.system(), api.base, path);
    }

    @Override
    public void close() throws Exception {
        probes.shutdownTestKit();
        server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        production.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        platform.close();
    }
}
