package svc.cli.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import svc.cli.testing.Cli;
import svc.config.Json;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.http.server.HttpServer;
import svc.http.telemetry.ApiMetrics;

/**
 * A server started the way {@code svc server} starts it, with {@code SVC_DEPLOYMENT} naming a
 * deployment that denies a tool and allows one egress host: both are enforced through
 * {@code POST /api/v1/tools/invoke}, and {@code /api/v1/config/effective} and
 * {@code svc config show} name who decided each value.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeploymentInForceTest {

    static final String API_KEY = "deployment-test-key-0123456789";
    static final String ADMIN_EMAIL = "admin@example.com";
    static final String ADMIN_PASSWORD = "correct horse battery staple";

    static final String ACME = """
            customer: acme
            template: template/generic_ml@v1.0.0
            branding:
              product_name: Acme Models
              logo: branding/logo.svg
            permissions:
              rules:
                - id: acme-deny-shell
                  tool_name: execute_shell
                  behavior: deny
                  priority: 70
                  reason: Acme runs no shell.
            egress_allowlist: [api.acme.example]
            guardrails:
              pii_action: hash
            drift: {watch_psi: 0.05, block_psi: 0.2}
            default_workflow: workflow/fast_prototype@v1.0.0
            knowledge_bases:
              - name: credit_policy
                path: knowledge/credit_policy.md
                description: Acme's lending policy.
            """;

    static final String POLICY = """
            # Collateral

            Secured loans above 50,000 need a valuation of the property by an approved surveyor.

            # Escalation

            Exceptions to the affordability rule are escalated to the credit risk officer at
            risk.officer@acme.example within two working days.
            """;

    private Path root;
    private Platform platform;
    private HttpServer server;
    private String url;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    void start() throws Exception {
        root = Files.createTempDirectory("svc-deployment-in-force");
        Path acme = Files.createDirectories(root.resolve("acme/branding")).getParent();
        Files.writeString(acme.resolve("deployment.yaml"), ACME);
        Files.writeString(acme.resolve("README.md"), "# acme\nA test deployment.\n");
        Files.writeString(acme.resolve("branding/logo.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        Files.createDirectories(acme.resolve("knowledge"));
        Files.writeString(acme.resolve("knowledge/credit_policy.md"), POLICY);
        Map<String, String> env = new HashMap<>();
        env.put("SVC_DEPLOYMENT", acme.toString());
        env.put("SVC_ADMIN_EMAIL", ADMIN_EMAIL);
        env.put("SVC_ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("SVC_API_KEYS", API_KEY);
        env.put("SVC_JWT_SECRET", "deployment-test-secret-0123456789-abcdef");
        ServerConfiguration.Resolved resolved =
                ServerConfiguration.resolve(env, root.resolve("no-settings.json"), root, flags(root.resolve("home")));
        platform = Platform.start(resolved.config(), StandardParts.create(resolved.project(), resolved.projectPath()));
        server = HttpServer.start(platform, resolved.config(), env, new ApiMetrics(), resolved.effective())
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    static Map<String, ServerConfiguration.Flag> flags(Path home) {
        return Map.of(
                "svc.home", new ServerConfiguration.Flag("--home", home.toString()),
                "svc.http.host", new ServerConfiguration.Flag("--host", "127.0.0.1"),
                "svc.http.port", new ServerConfiguration.Flag("--port", 0));
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

    private HttpResponse<String> invoke(String agent, String tool, String arguments) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(url + "/api/v1/tools/invoke"))
                        .timeout(Duration.ofSeconds(60))
                        .header("X-API-Key", API_KEY)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"agent\":\"" + agent + "\",\"tool\":\"" + tool
                                + "\",\"arguments\":" + arguments + "}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
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
    void theDeploymentsRuleDeniesItsToolNamingSourceAndRule() throws Exception {
        HttpResponse<String> r = invoke("infra-operator", "execute_shell", "{\"cmd\":\"id\"}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(403);
        JsonNode problem = Json.parse(r.body());
        assertThat(problem.path("rule_source").asText()).isEqualTo("profile");
        assertThat(problem.path("detail").asText())
                .contains("Acme runs no shell.")
                .contains("rule acme-deny-shell");
    }

    @Test
    void theDeploymentsEgressHostPassesAndAnyOtherHostIsRefused() throws Exception {
        HttpResponse<String> other =
                invoke("boosting-researcher", "http_get", "{\"url\":\"https://elsewhere.example.org/x\"}");
        assertThat(other.statusCode()).as(other.body()).isEqualTo(403);
        assertThat(Json.parse(other.body()).path("rule_source").asText()).isEqualTo("egress_allowlist");

        // Governance lets the call through; the tool itself then cannot reach the host (no network here).
        HttpResponse<String> allowed =
                invoke("boosting-researcher", "http_get", "{\"url\":\"https://api.acme.example/v1/rates\"}");
        assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(200);
        assertThat(Json.parse(allowed.body()).path("tool").asText()).isEqualTo("http_get");
    }

    @Test
    void agentsSearchTheKnowledgeBaseAndItsPiiIsHashedWithTheDeploymentsAction() throws Exception {
        HttpResponse<String> r =
                invoke("data-profiler", "search_knowledge", "{\"query\":\"who handles escalated exceptions\"}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode best = Json.parse(r.body()).at("/result/results/0");
        assertThat(best.path("knowledge_base").asText()).as(r.body()).isEqualTo("credit_policy");
        assertThat(best.path("source").asText()).isEqualTo("credit_policy.md");
        assertThat(best.path("title").asText()).isEqualTo("Escalation");
        // G4 at POST_TOOL with the deployment's pii_action (hash), not its template's (generic_ml: mask).
        assertThat(best.path("passage").asText())
                .doesNotContain("risk.officer@acme.example")
                .containsPattern("<EMAIL_[0-9a-f]{12}>");
    }

    @Test
    void theKnowledgeRouterListsAndSearchesTheBases() throws Exception {
        JsonNode list = Json.parse(get("/api/v1/knowledge").body());
        assertThat(list.path("total").asInt()).isEqualTo(1);
        assertThat(list.at("/items/0/name").asText()).isEqualTo("credit_policy");
        assertThat(list.at("/items/0/description").asText()).isEqualTo("Acme's lending policy.");
        assertThat(list.at("/items/0/passages").asInt()).isEqualTo(2);

        HttpResponse<String> found = get("/api/v1/knowledge/credit_policy/search?q=property%20valuation&limit=1");
        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        JsonNode hits = Json.parse(found.body()).path("results");
        assertThat(hits).hasSize(1);
        assertThat(hits.at("/0/title").asText()).isEqualTo("Collateral");
        assertThat(hits.at("/0/score").asDouble()).isPositive();

        assertThat(get("/api/v1/knowledge/nope/search?q=x").statusCode()).isEqualTo(404);
        assertThat(get("/api/v1/knowledge/credit_policy/search").statusCode()).isEqualTo(400);
    }

    @Test
    void aRunPostedWithoutWorkflowOrTemplateWalksTheDeploymentsDefaultWorkflow() throws Exception {
        Path dataset = Path.of("../data/german_credit/german_credit.csv")
                .toAbsolutePath()
                .normalize();
        HttpResponse<String> posted = http.send(
                HttpRequest.newBuilder(URI.create(url + "/api/v1/pipelines"))
                        .timeout(Duration.ofSeconds(60))
                        .header("X-API-Key", API_KEY)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(Json.write(Json.object()
                                .put("problem", "Predict credit_risk.")
                                .put("dataset_path", dataset.toString()))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(202);
        JsonNode run = Json.parse(posted.body());
        assertThat(run.path("template").asText()).isEqualTo("fast_prototype");
        // The run's work is not this test's: stop it.
        http.send(
                HttpRequest.newBuilder(URI.create(
                                url + "/api/v1/pipelines/" + run.path("run_id").asText()))
                        .timeout(Duration.ofSeconds(60))
                        .header("X-API-Key", API_KEY)
                        .DELETE()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theEffectiveConfigurationNamesWhoDecidedEachValue() throws Exception {
        JsonNode config = Json.parse(get("/api/v1/config/effective").body());

        assertThat(config.at("/svc.governance.rules.acme-deny-shell/origin").asText())
                .isEqualTo("deployment:acme");
        assertThat(config.at("/svc.governance.rules.generic-ask-register-deployment/origin")
                        .asText())
                .isEqualTo("template:template/generic_ml@v1.0.0");
        assertThat(config.at("/svc.governance.egress-allowlist/value").asText()).isEqualTo("api.acme.example");
        assertThat(config.at("/svc.governance.egress-allowlist/origin").asText())
                .isEqualTo("deployment:acme");
        assertThat(config.at("/svc.governance.default-profile/origin").asText()).isEqualTo("deployment:acme");
        assertThat(config.at("/svc.governance.drift.block-psi/value").asDouble())
                .isEqualTo(0.2);
        assertThat(config.at("/svc.governance.drift.block-psi/origin").asText()).isEqualTo("deployment:acme");
        assertThat(config.at("/svc.governance.default-workflow/value").asText())
                .isEqualTo("workflow/fast_prototype@v1.0.0");
        assertThat(config.at("/svc.governance.guardrails.pii-action/value").asText())
                .isEqualTo("hash");
        assertThat(config.at("/svc.governance.guardrails.pii-action/origin").asText())
                .isEqualTo("deployment:acme");
        assertThat(config.at("/svc.http.port/origin").asText()).isEqualTo("flag:--port");
        assertThat(config.at("/svc.llm.provider/origin").asText()).isEqualTo("default");
        assertThat(config.at("/svc.auth.jwt-secret/value").asText()).isEqualTo("***");
        assertThat(config.at("/svc.auth.jwt-secret/origin").asText()).isEqualTo("env:SVC_JWT_SECRET");
    }

    @Test
    void brandingIsTheDeploymentsAndItsLogoIsServed() throws Exception {
        JsonNode branding = Json.parse(get("/api/v1/config/branding").body());
        assertThat(branding.path("product_name").asText()).isEqualTo("Acme Models");
        assertThat(branding.path("subtitle").asText()).isEqualTo("Autonomous ML pipelines"); // the template's
        HttpResponse<String> logo = get(branding.path("logo").asText());
        assertThat(logo.statusCode()).isEqualTo(200);
        assertThat(logo.headers().firstValue("Content-Type")).hasValue("image/svg+xml");
        assertThat(logo.body()).startsWith("<svg");
    }

    @Test
    void svcConfigShowPrintsKeysWithTheirOrigins() {
        Cli cli = new Cli();
        Cli.Result login =
                cli.stdin(ADMIN_PASSWORD + "\n").run("login", "--url", url, "--email", ADMIN_EMAIL, "--password-stdin");
        assertThat(login.exitCode()).as(login.toString()).isZero();

        Cli.Result shown = cli.stdin("").run("config", "show", "svc.governance.rules", "--url", url);
        assertThat(shown.exitCode()).as(shown.toString()).isZero();
        assertThat(shown.out())
                .contains("svc.governance.rules.acme-deny-shell")
                .contains("[deployment:acme]")
                .contains("[template:template/generic_ml@v1.0.0]")
                .doesNotContain("svc.http.port");

        Cli.Result json = cli.run("config", "show", "svc.governance.egress-allowlist", "--json", "--url", url);
        assertThat(json.json().at("/svc.governance.egress-allowlist/origin").asText())
                .isEqualTo("deployment:acme");
    }

    @Test
    void aConfigurationThatDoesNotValidateIsRefusedWithOneLinePerProblem() {
        Map<String, String> env = Map.of(
                "SVC_DEPLOYMENT", root.resolve("nowhere").toString(),
                "SVC_ENV", "prod",
                "SVC_EGRESS_ALLOWLIST", "https://pypi.org/simple");

        assertThatThrownBy(() -> ServerConfiguration.resolve(env, root.resolve("none.json"), root, Map.of()))
                .isInstanceOfSatisfying(
                        ServerConfiguration.Invalid.class,
                        e -> assertThat(e.problems())
                                .hasSize(3)
                                .anySatisfy(p -> assertThat(p)
                                        .startsWith("SVC_DEPLOYMENT (")
                                        .contains("no deployment directory"))
                                .anySatisfy(p -> assertThat(p)
                                        .isEqualTo(
                                                "svc.http.env (env:SVC_ENV): 'prod' is not development or production"))
                                .anySatisfy(p -> assertThat(p)
                                        .startsWith("svc.governance.egress-allowlist (env:SVC_EGRESS_ALLOWLIST): ")));
    }
}
