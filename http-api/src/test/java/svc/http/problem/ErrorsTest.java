package svc.http.problem;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.StreamClient;
import svc.http.testing.TestServer;

@ExtendWith(ServerExtension.class)
class ErrorsTest {

    private final Api api;
    private final TestServer server;

    ErrorsTest(TestServer server) {
        this.api = server.api;
        this.server = server;
    }

    @Test
    void unknownRouteIsA404ProblemWithTheCorrelationIdOfTheRequest() {
        Api.Reply r = api.get("/api/v1/nothing-here", "X-Correlation-Id", "abc-123");
        assertProblem(r, 404, "not-found", "/api/v1/nothing-here");
        assertThat(r.json().get("correlation_id").asText()).isEqualTo("abc-123");
        assertThat(r.header("X-Correlation-Id")).hasValue("abc-123");
    }

    @Test
    void aCorrelationIdIsMadeWhenTheRequestHasNone() {
        Api.Reply r = api.get("/healthz");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("X-Correlation-Id"))
                .hasValueSatisfying(v -> assertThat(v).hasSizeGreaterThan(8));
    }

    @Test
    void wrongMethodIsA405ProblemNamingTheAllowedOnes() {
        Api.Reply r = api.send(api.request("/api/v1/approvals")
                .PUT(HttpRequest.BodyPublishers.ofString("{}"))
                .build());
        assertProblem(r, 405, "method-not-allowed", "/api/v1/approvals");
        assertThat(r.header("Allow")).hasValue("GET");
    }

    @Test
    void bodiesThatAreNotJsonOrLackFieldsAre400() {
        assertProblem(
                api.post("/api/v1/pipelines", "this is not json", Api.apiKey()),
                400,
                "validation-error",
                "/api/v1/pipelines");
        assertProblem(
                api.post("/api/v1/pipelines", "[1,2]", Api.apiKey()), 400, "validation-error", "/api/v1/pipelines");
        Api.Reply missing = api.post("/api/v1/pipelines", "{\"dataset_path\":\"/tmp/x.csv\"}", Api.apiKey());
        assertProblem(missing, 400, "validation-error", "/api/v1/pipelines");
        assertThat(missing.json().get("detail").asText()).contains("problem");
        Api.Reply noFile = api.post(
                "/api/v1/pipelines", "{\"problem\":\"p\",\"dataset_path\":\"/no/such/file.csv\"}", Api.apiKey());
        assertProblem(noFile, 400, "validation-error", "/api/v1/pipelines");
        assertThat(noFile.json().get("errors").get(0).asText()).startsWith("dataset_path");
        Api.Reply badDecision =
                api.post("/api/v1/approvals/run-0000000000000000-g1", "{\"decision\":\"maybe\"}", Api.apiKey());
        assertProblem(badDecision, 400, "validation-error", "/api/v1/approvals/run-0000000000000000-g1");
    }

    @Test
    void anUnknownFieldIsA400NamingIt() {
        Api.Reply r = api.post(
                "/api/v1/pipelines",
                "{\"problem\":\"p\",\"dataset_path\":\"/tmp/x.csv\",\"colour\":\"red\"}",
                Api.apiKey());
        assertProblem(r, 400, "validation-error", "/api/v1/pipelines");
        assertThat(r.json().get("detail").asText()).contains("colour").contains("dataset_path");
        Api.Reply wrongType = api.post(
                "/api/v1/pipelines",
                "{\"problem\":\"p\",\"dataset_path\":\"/tmp/x.csv\",\"sensitive_attributes\":{\"a\":1}}",
                Api.apiKey());
        assertProblem(wrongType, 400, "validation-error", "/api/v1/pipelines");
        assertThat(wrongType.json().get("detail").asText()).startsWith("sensitive_attributes");
    }

    @Test
    void aValueOfTheWrongJsonTypeIsA400NamingTheFieldAndTheType() {
        Api.Reply number =
                api.post("/api/v1/pipelines", "{\"problem\":5,\"dataset_path\":\"/tmp/x.csv\"}", Api.apiKey());
        assertProblem(number, 400, "validation-error", "/api/v1/pipelines");
        assertThat(number.json().get("detail").asText()).isEqualTo("problem: must be a string");
        Api.Reply listItem = api.post(
                "/api/v1/pipelines",
                "{\"problem\":\"p\",\"dataset_path\":\"/tmp/x.csv\",\"sensitive_attributes\":[\"sex\",1]}",
                Api.apiKey());
        assertProblem(listItem, 400, "validation-error", "/api/v1/pipelines");
        assertThat(listItem.json().get("detail").asText()).isEqualTo("sensitive_attributes[1]: must be a string");
        Api.Reply decision = api.post("/api/v1/approvals/run-0000000000000000-g1", "{\"decision\":true}", Api.apiKey());
        assertProblem(decision, 400, "validation-error", "/api/v1/approvals/run-0000000000000000-g1");
        assertThat(decision.json().get("detail").asText()).isEqualTo("decision: must be a string");
        for (String enabled : new String[] {"\"false\"", "0"}) {
            Api.Reply flag = api.post("/api/v1/features/hooks_enabled", "{\"enabled\":" + enabled + "}", Api.apiKey());
            assertProblem(flag, 400, "validation-error", "/api/v1/features/hooks_enabled");
            assertThat(flag.json().get("detail").asText()).isEqualTo("enabled: must be true or false");
        }
        Api.Reply login = api.post("/api/v1/auth/login", "{\"email\":\"a@example.com\",\"password\":1234}");
        assertProblem(login, 400, "validation-error", "/api/v1/auth/login");
        assertThat(login.json().get("detail").asText()).isEqualTo("password: must be a string");
    }

    @Test
    void anOversizedBodyIsA413Problem() {
        String big = "{\"problem\":\"" + "x".repeat(2 * 1024 * 1024) + "\",\"dataset_path\":\"/tmp/x.csv\"}";
        assertProblem(api.post("/api/v1/pipelines", big, Api.apiKey()), 413, "payload-too-large", "/api/v1/pipelines");
    }

    /** A request pekko-http cannot parse never reaches a route; it is answered with problem details all the same. */
    @Test
    void anUnparsableRequestIsAProblemToo() throws Exception {
        URI base = URI.create(api.base);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream()
                    .write("GET /healthz?a=%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 400");
            assertThat(answer).containsIgnoringCase("content-type: application/problem+json");
            assertThat(answer).contains("\"type\":\"https://svc.dev/problems/validation-error\"");
        }
    }

    @Test
    void pagingOutOfRangeIs400() {
        assertProblem(
                api.get("/api/v1/pipelines?limit=1001", Api.apiKey()), 400, "validation-error", "/api/v1/pipelines");
        assertProblem(
                api.get("/api/v1/pipelines?limit=-1", Api.apiKey()), 400, "validation-error", "/api/v1/pipelines");
        assertProblem(
                api.get("/api/v1/pipelines?offset=-5", Api.apiKey()), 400, "validation-error", "/api/v1/pipelines");
        assertProblem(
                api.get("/api/v1/approvals?limit=abc", Api.apiKey()), 400, "validation-error", "/api/v1/approvals");
        assertThat(api.get("/api/v1/pipelines?limit=1000", Api.apiKey()).status())
                .isEqualTo(200);
    }

    @Test
    void unknownRunsAndGatesAre404() {
        assertProblem(
                api.get("/api/v1/pipelines/run-ffffffffffffffff", Api.apiKey()),
                404,
                "not-found",
                "/api/v1/pipelines/run-ffffffffffffffff");
        assertProblem(
                api.get("/api/v1/pipelines/run-ffffffffffffffff/artifacts", Api.apiKey()),
                404,
                "not-found",
                "/api/v1/pipelines/run-ffffffffffffffff/artifacts");
        assertProblem(
                api.get("/api/v1/pipelines/..%2F..%2Fetc/artifacts/passwd", Api.apiKey()),
                404,
                "not-found",
                "/api/v1/pipelines/..%2F..%2Fetc/artifacts/passwd");
        assertProblem(
                api.post("/api/v1/approvals/no-such-gate", "{\"decision\":\"approve\"}", Api.apiKey()),
                404,
                "not-found",
                "/api/v1/approvals/no-such-gate");
    }

    @Test
    void featuresAreListedAndChangedByAdminsAndAnInvariantRefusesWith422() {
        JsonNode list = api.get("/api/v1/features", Api.apiKey()).json();
        assertThat(list.get("items").findValuesAsText("name")).contains("hooks_enabled", "audit_log_enabled");
        Api.Reply set = api.post("/api/v1/features/hooks_enabled", "{\"enabled\":false}", Api.apiKey());
        assertThat(set.status()).isEqualTo(200);
        assertThat(set.json().get("enabled").asBoolean()).isFalse();
        assertThat(set.json().get("source").asText()).isEqualTo("runtime");
        assertThat(api.get("/api/v1/features/hooks_enabled", Api.apiKey())
                        .json()
                        .get("enabled")
                        .asBoolean())
                .isFalse();
        Api.Reply reset = api.delete("/api/v1/features/hooks_enabled", Api.apiKey());
        assertThat(reset.json().get("enabled").asBoolean()).isTrue();
        assertThat(api.post("/api/v1/features", "{\"name\":\"batch_runner\",\"enabled\":false}", Api.apiKey())
                        .json()
                        .get("enabled")
                        .asBoolean())
                .isFalse();
        api.delete("/api/v1/features/batch_runner", Api.apiKey());

        assertProblem(
                api.post("/api/v1/features/audit_log_enabled", "{\"enabled\":false}", Api.apiKey()),
                422,
                "unprocessable",
                "/api/v1/features/audit_log_enabled");
        assertProblem(
                api.post("/api/v1/features/no_such_flag", "{\"enabled\":false}", Api.apiKey()),
                404,
                "not-found",
                "/api/v1/features/no_such_flag");
        assertProblem(
                api.post("/api/v1/features/hooks_enabled", "{\"enabled\":\"yes\"}", Api.apiKey()),
                400,
                "validation-error",
                "/api/v1/features/hooks_enabled");
    }

    @Test
    void publicRoutesNeedNoToken() {
        assertThat(api.get("/api/v1/config/branding").json().get("product_name").asText())
                .isEqualTo("svc");
        Api.Reply livez = api.get("/livez");
        assertThat(livez.status()).isEqualTo(200);
        assertThat(livez.json().at("/checks/database/ok").asBoolean()).isTrue();
        assertThat(livez.json().at("/checks/artifact_store/ok").asBoolean()).isTrue();
        assertThat(livez.json().at("/checks/llm_provider/provider").asText()).isEqualTo("scripted");
        assertThat(api.get("/docs").text()).contains("/openapi.json");
    }

    @Test
    void theRosterListsEveryAgentWithItsPlace() {
        JsonNode agents = api.get("/api/v1/agents?limit=1000", Api.apiKey()).json();
        assertThat(agents.get("total").asInt()).isEqualTo(40);
        assertThat(agents.get("items").findValuesAsText("tier")).contains("director", "coordinator", "worker");
        assertThat(agents.get("items").get(0).has("tools")).isTrue();
    }

    @Test
    void streamsNeedATokenAnExistingRunAndAnUpgrade() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        assertThat(handshakeStatus("/api/v1/pipelines/run-ffffffffffffffff/stream"))
                .isEqualTo(401);
        assertThat(handshakeStatus("/api/v1/pipelines/run-ffffffffffffffff/stream?token=forged"))
                .isEqualTo(401);
        assertThat(handshakeStatus("/api/v1/pipelines/run-ffffffffffffffff/stream?token=" + token))
                .isEqualTo(404);
        assertProblem(
                api.get("/api/v1/pipelines/run-ffffffffffffffff/stream", Api.bearer(token)),
                400,
                "validation-error",
                "/api/v1/pipelines/run-ffffffffffffffff/stream");
    }

    /** The HTTP status a WebSocket handshake was refused with. */
    private int handshakeStatus(String path) throws Exception {
        try {
            server.stream(path);
            return 101;
        } catch (StreamClient.Refused e) {
            return e.status();
        }
    }

    static void assertProblem(Api.Reply r, int status, String slug, String instance) {
        assertThat(r.status()).as(r.text()).isEqualTo(status);
        assertThat(r.header("Content-Type")).hasValue("application/problem+json");
        JsonNode body = r.json();
        assertThat(body.get("type").asText()).isEqualTo("https://svc.dev/problems/" + slug);
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("title").asText()).isNotBlank();
        assertThat(body.get("detail").asText()).isNotBlank();
        assertThat(body.get("instance").asText()).isEqualTo(instance);
        assertThat(body.get("correlation_id").asText())
                .isEqualTo(r.header("X-Correlation-Id").orElseThrow());
    }
}
