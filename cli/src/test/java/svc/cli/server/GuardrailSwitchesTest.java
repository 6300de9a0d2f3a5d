package svc.cli.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigValueFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;
import svc.http.server.HttpSettings;
import svc.http.telemetry.ApiMetrics;
import svc.library.template.GuardrailCatalog;

/**
 * Every guardrail switch a deployment may write reaches the runtime or is refused at start: a
 * production server whose deployment switches G7 off answers without rate limits,
 * {@code /api/v1/config/effective} shows each guardrail's resolved state with its origin, a
 * deployment that disables an always-on guardrail is refused naming it, and G12/G13 are the
 * server's at-rest encryption (which needs the customer's key).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuardrailSwitchesTest {

    static final String API_KEY = "guardrail-switches-key-0123456789";

    static final String GLOBEX = """
            customer: globex
            template: template/generic_ml@v1.0.0
            guardrails:
              disable: [G3, G5, G7]
              enable: [G2]
            """;

    private Path root;
    private ServerConfiguration.Resolved resolved;
    private Platform platform;
    private HttpServer server;
    private String url;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    void start() throws Exception {
        root = Files.createTempDirectory("svc-guardrail-switches");
        Path globex = deployment("globex", GLOBEX);
        Map<String, String> env = env(globex);
        env.put("SVC_ENV", "production");
        // Two reads a minute for an admin: the third would be a 429 if G7 were in force.
        env.put("RATE_LIMIT_ROLE_ADMIN_READS", "2");
        resolved = ServerConfiguration.resolveToStart(
                env, root.resolve("no-settings.json"), root, DeploymentInForceTest.flags(root.resolve("home")));
        platform = Platform.start(resolved.config(), StandardParts.create(resolved.project(), resolved.projectPath()));
        server = HttpServer.start(platform, resolved.config(), env, new ApiMetrics(), resolved.effective())
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.stop().toCompletableFuture().get(20, TimeUnit.SECONDS);
        }
        if (platform != null) {
            platform.close();
        }
    }

    private Path deployment(String name, String yaml) throws Exception {
        Path dir = Files.createDirectories(root.resolve(name));
        Files.writeString(dir.resolve("deployment.yaml"), yaml);
        Files.writeString(dir.resolve("README.md"), "# " + name + "\nA test deployment.\n");
        return dir;
    }

    private static Map<String, String> env(Path deployment) {
        Map<String, String> env = new HashMap<>();
        env.put("SVC_DEPLOYMENT", deployment.toString());
        env.put("SVC_ADMIN_EMAIL", "admin@example.com");
        env.put("SVC_ADMIN_PASSWORD", "correct horse battery staple");
        env.put("SVC_API_KEYS", API_KEY);
        env.put("SVC_JWT_SECRET", "guardrail-switches-secret-0123456789-abcdef");
        return env;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url + path))
                        .timeout(Duration.ofSeconds(30))
                        .header("X-API-Key", API_KEY)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void withG7SwitchedOffAProductionServerRateLimitsNoOne() throws Exception {
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> r = get("/api/v1/agents");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(r.headers().firstValue("X-RateLimit-Limit")).isEmpty();
        }
        // The same configuration with G7 on is the production limits (RateLimitTest shows their 429s).
        Map<String, String> env = Map.of("RATE_LIMIT_ROLE_ADMIN_READS", "2");
        assertThat(HttpSettings.from(resolved.config(), env).rateLimits().enabled())
                .isFalse();
        assertThat(HttpSettings.from(
                                resolved.config().withValue(HttpSettings.G7, ConfigValueFactory.fromAnyRef(true)), env)
                        .rateLimits()
                        .enabled())
                .isTrue();
    }

    @Test
    void theEffectiveConfigurationShowsEachGuardrailsStateAndWhoDecidedIt() throws Exception {
        JsonNode config = Json.parse(get("/api/v1/config/effective").body());
        String template = "template:template/generic_ml@v1.0.0";

        for (GuardrailCatalog g : GuardrailCatalog.values()) {
            JsonNode shown = config.path("svc.governance.guardrails." + g.name());
            if (!g.offered()) {
                assertThat(shown.isMissingNode()).as(g.name()).isTrue();
                continue;
            }
            boolean off = switch (g) {
                case G3, G5, G7, G12, G13 -> true;
                default -> false;
            };
            assertThat(shown.path("value").asBoolean()).as(g.name()).isEqualTo(!off);
            assertThat(shown.path("origin").asText())
                    .as(g.name())
                    .isEqualTo(
                            switch (g) {
                                case G3, G5, G7 -> "deployment:globex";
                                default -> template; // G2 enabled again: restated, decided by the template
                            });
        }
        assertThat(config.at("/svc.at-rest.encryption/value").asText()).isEqualTo("off");
        assertThat(config.at("/svc.at-rest.encryption/origin").asText()).isEqualTo(template);
    }

    @Test
    void aDeploymentThatDisablesAnAlwaysOnGuardrailIsRefusedNamingItAndWhy() throws Exception {
        Path initech = deployment("initech", """
                customer: initech
                template: template/generic_ml@v1.0.0
                guardrails:
                  disable: [G10]
                """);

        assertThatThrownBy(() -> ServerConfiguration.resolve(env(initech), root.resolve("none.json"), root, Map.of()))
                .isInstanceOfSatisfying(
                        ServerConfiguration.Invalid.class,
                        e -> assertThat(e.problems())
                                .singleElement()
                                .satisfies(p -> assertThat(p)
                                        .startsWith("SVC_DEPLOYMENT (")
                                        .contains(
                                                "G10 (delegation-loop limit) cannot be disabled: bounded delegation")));
    }

    @Test
    void anAlwaysOnGuardrailSwitchedOffByAnyOtherLayerIsRefusedToo() throws Exception {
        Map<String, ServerConfiguration.Flag> flags = new HashMap<>(DeploymentInForceTest.flags(root.resolve("h2")));
        flags.put("svc.governance.guardrails.G14", new ServerConfiguration.Flag("--no-lineage", false));

        assertThatThrownBy(() -> ServerConfiguration.resolve(
                        env(root.resolve("globex")), root.resolve("none.json"), root, flags))
                .isInstanceOfSatisfying(
                        ServerConfiguration.Invalid.class,
                        e -> assertThat(e.problems())
                                .containsExactly(
                                        "svc.governance.guardrails.G14 (flag:--no-lineage): G14 (lineage) cannot be "
                                                + "disabled: every run records its lineage; the audit PDF and "
                                                + "subject erasure read it"));
    }

    @Test
    void g12AndG13AreTheServersEncryptionAtRestWhichNeedsTheCustomersKey() throws Exception {
        Path bank = deployment("bank", "customer: bank\ntemplate: template/bfsi_baseline@v1.0.0\n");
        String template = "template:template/bfsi_baseline@v1.0.0";

        // bfsi_baseline enables G12/G13: without a key the server does not start, and says what to do.
        assertThatThrownBy(
                        () -> ServerConfiguration.resolveToStart(env(bank), root.resolve("none.json"), root, Map.of()))
                .isInstanceOfSatisfying(
                        ServerConfiguration.Invalid.class,
                        e -> assertThat(e.problems())
                                .singleElement()
                                .satisfies(p -> assertThat(p)
                                        .startsWith("svc.at-rest.encryption (" + template + "): on (G12/G13")
                                        .contains("SVC_KEK is not set")
                                        .endsWith("or switch G12/G13 off (SVC_AT_REST_ENCRYPTION=off)")));

        // The configuration itself is valid (svc deploy whitepaper describes it on a machine without the key).
        assertThat(ServerConfiguration.resolve(env(bank), root.resolve("none.json"), root, Map.of())
                        .config()
                        .getBoolean("svc.at-rest.encryption"))
                .isTrue();

        // With the key, the journal is sealed: the platform reads svc.at-rest.encryption = on.
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, String> keyed = env(bank);
        keyed.put("SVC_KEK", Base64.getEncoder().encodeToString(key));
        ServerConfiguration.Resolved sealed =
                ServerConfiguration.resolveToStart(keyed, root.resolve("none.json"), root, Map.of());
        assertThat(sealed.config().getBoolean("svc.at-rest.encryption")).isTrue();
        assertThat(sealed.effective().get("svc.governance.guardrails.G13").orElseThrow())
                .satisfies(s -> {
                    assertThat(s.value()).isEqualTo(true);
                    assertThat(s.origin().label()).isEqualTo(template);
                });

        // The operator may switch it off by environment; G12/G13 then show off, decided there.
        Map<String, String> off = env(bank);
        off.put("SVC_AT_REST_ENCRYPTION", "off");
        ServerConfiguration.Resolved clear =
                ServerConfiguration.resolveToStart(off, root.resolve("none.json"), root, Map.of());
        assertThat(clear.config().getBoolean("svc.at-rest.encryption")).isFalse();
        for (String id : new String[] {"G12", "G13"}) {
            assertThat(clear.effective().get("svc.governance.guardrails." + id).orElseThrow())
                    .satisfies(s -> {
                        assertThat(s.value()).isEqualTo(false);
                        assertThat(s.origin().label()).isEqualTo("env:SVC_AT_REST_ENCRYPTION");
                    });
        }
    }
}
