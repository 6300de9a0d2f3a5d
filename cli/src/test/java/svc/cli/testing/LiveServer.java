package svc.cli.testing;

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
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;

/**
 * The real platform and API server on a temporary {@code SVC_HOME} and a free loopback port,
 * started once for the module's tests (the way {@code svc server} starts it) with a first-boot
 * admin, and stopped when the test run ends. Injected into test constructors as a parameter.
 */
public final class LiveServer implements ExtensionContext.Store.CloseableResource {

    public static final String ADMIN_EMAIL = "admin@example.com";
    public static final String ADMIN_PASSWORD = "correct horse battery staple";
    public static final Path DATASET =
            Path.of("../data/german_credit/german_credit.csv").toAbsolutePath().normalize();

    public final Path home;
    public final String url;
    private final Platform platform;
    private final HttpServer server;
    private final ActorTestKit probes = ActorTestKit.create("cli-probes");

    private LiveServer() throws Exception {
        home = Files.createTempDirectory("svc-cli-server");
        Map<String, Object> settings = new HashMap<>();
        settings.put("svc.home", home.toString());
        settings.put("svc.http.host", "127.0.0.1");
        settings.put("svc.http.port", 0);
        settings.put("svc.http.env", "development");
        Config config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
        platform = Platform.start(config, StandardParts.create());
        Map<String, String> env = new HashMap<>();
        env.put("SVC_ADMIN_EMAIL", ADMIN_EMAIL);
        env.put("SVC_ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("SVC_JWT_SECRET", "cli-test-secret-cli-test-secret-0123456789");
        server = HttpServer.start(platform, config, env).toCompletableFuture().get(60, TimeUnit.SECONDS);
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    /** Retries the assertion until it passes or {@code seconds} pass: lists trail the journal a little. */
    public void eventually(int seconds, Runnable assertion) {
        probes.createTestProbe().awaitAssert(Duration.ofSeconds(seconds), Duration.ofMillis(100), () -> {
            assertion.run();
            return null;
        });
    }

    @Override
    public void close() throws Exception {
        probes.shutdownTestKit();
        server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        platform.close();
    }

    /** Resolves {@link LiveServer} parameters with the one shared instance. */
    public static final class Extension implements ParameterResolver {

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == LiveServer.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot()
                    .getStore(ExtensionContext.Namespace.GLOBAL)
                    .getOrComputeIfAbsent(
                            LiveServer.class,
                            k -> {
                                try {
                                    return new LiveServer();
                                } catch (Exception e) {
                                    throw new IllegalStateException(
                                            "could not start the API server for the CLI tests: " + e, e);
                                }
                            },
                            LiveServer.class);
        }
    }
}
