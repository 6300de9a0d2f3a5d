package svc.http.governance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** Governed tool invocation and subject erasure over real HTTP. */
@ExtendWith(ServerExtension.class)
class GovernanceEndpointsTest {

    private final TestServer server;
    private final Api api;

    GovernanceEndpointsTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void aToolOutsideTheAgentsAllowlistIsA403NamingTheRuleSourceAndIsRecorded() {
        Api.Reply r = api.post(
                "/api/v1/tools/invoke",
                "{\"agent\":\"data-profiler\",\"tool\":\"execute_shell\",\"arguments\":{\"command\":\"id\"}}",
                Api.apiKey());
        assertThat(r.status()).isEqualTo(403);
        JsonNode problem = r.json();
        assertThat(problem.path("rule_source").asText()).isEqualTo("agent_allowlist");
        assertThat(problem.path("instance").asText()).isEqualTo("/api/v1/tools/invoke");
        assertThat(problem.path("type").asText()).endsWith("/permission-denied");
        server.eventually(10, () -> {
            JsonNode denials = api.get(
                            "/api/v1/permissions/denials?tool=execute_shell&agent=data-profiler", Api.apiKey())
                    .json();
            assertThat(denials.path("total").asInt()).isPositive();
            assertThat(denials.path("items").get(0).path("source").asText()).isEqualTo("agent_allowlist");
        });
    }

    @Test
    void aToolThatNeedsAnApprovalIsRefusedOutsideARunUnderHitlAndIsRecorded() {
        Api.Reply r = api.post(
                "/api/v1/tools/invoke",
                "{\"agent\":\"director\",\"tool\":\"request_approval\",\"arguments\":{}}",
                Api.apiKey());
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().path("rule_source").asText()).isEqualTo("hitl");
        assertDenial("request_approval", "director", "hitl", "hitl:request_approval");
    }

    @Test
    void aToolOfAFeatureTurnedOffIsDeniedUnderFeatureFlagAndIsRecorded() {
        // The test platform carries two servers; the one started last (production) hands its flags to governance.
        Api flags = server.productionApi;
        String call = "{\"agent\":\"experiment-scripter\",\"tool\":\"execute_python\","
                + "\"arguments\":{\"code\":\"print(1)\"}}";
        assertThat(flags.post("/api/v1/features/code_execution_enabled", "{\"enabled\":false}", Api.apiKey())
                        .status())
                .isEqualTo(200);
        try {
            Api.Reply r = api.post("/api/v1/tools/invoke", call, Api.apiKey());
            assertThat(r.status()).isEqualTo(403);
            assertThat(r.json().path("rule_source").asText()).isEqualTo("feature_flag");
            assertThat(r.json().path("detail").asText()).contains("code_execution_enabled is off");
            assertDenial(
                    "execute_python", "experiment-scripter", "feature_flag", "feature_flag:code_execution_enabled");
        } finally {
            assertThat(flags.delete("/api/v1/features/code_execution_enabled", Api.apiKey())
                            .status())
                    .isEqualTo(200);
        }
    }

    @Test
    void aToolOfARunWithoutAKnownProfileIsDeniedAndIsRecorded() {
        Api.Reply r = api.post(
                "/api/v1/tools/invoke",
                "{\"agent\":\"data-profiler\",\"tool\":\"inspect_dataset\",\"run_id\":\"run-that-never-was\"}",
                Api.apiKey());
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().path("rule_source").asText()).isEqualTo("profile");
        assertThat(r.json().path("detail").asText())
                .contains("governance profile cannot be determined", "run run-that-never-was has no run.json");
        assertDenial("inspect_dataset", "data-profiler", "profile", "profile-unresolved");
    }

    private void assertDenial(String tool, String agent, String source, String ruleId) {
        server.eventually(10, () -> {
            JsonNode denials = api.get("/api/v1/permissions/denials?tool=" + tool + "&agent=" + agent, Api.apiKey())
                    .json();
            assertThat(denials.path("items").get(0).path("source").asText()).isEqualTo(source);
            assertThat(denials.path("items").get(0).path("rule_id").asText()).isEqualTo(ruleId);
        });
    }

    @Test
    void anAllowedToolRunsAndAnswersItsResult() {
        Api.Reply r = api.post(
                "/api/v1/tools/invoke", "{\"agent\":\"data-profiler\",\"tool\":\"list_artifacts\"}", Api.apiKey());
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("ok").asBoolean()).isTrue();
        assertThat(r.json().path("result").has("artifacts")).isTrue();
    }

    @Test
    void badInvocationsAreValidationErrorsOrNotFound() {
        assertThat(api.post("/api/v1/tools/invoke", "{\"tool\":\"list_artifacts\"}", Api.apiKey())
                        .status())
                .isEqualTo(400);
        assertThat(api.post("/api/v1/tools/invoke", "{\"agent\":\"nobody\",\"tool\":\"list_artifacts\"}", Api.apiKey())
                        .status())
                .isEqualTo(404);
        assertThat(api.post(
                                "/api/v1/tools/invoke",
                                "{\"agent\":\"data-profiler\",\"tool\":\"no_such_tool\"}",
                                Api.apiKey())
                        .status())
                .isEqualTo(404);
        assertThat(api.post(
                                "/api/v1/tools/invoke",
                                "{\"agent\":\"data-profiler\",\"tool\":\"list_artifacts\",\"arguments\":[1]}",
                                Api.apiKey())
                        .status())
                .isEqualTo(400);
        assertThat(api.post("/api/v1/tools/invoke", "{\"agent\":\"data-profiler\",\"tool\":\"list_artifacts\"}")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void erasurePreviewAndExecutionAnswerSignedReceipts() {
        Api.Reply preview = api.get("/api/v1/subjects/subject-without-data/preview", Api.apiKey());
        assertThat(preview.status()).isEqualTo(200);
        assertThat(preview.json().path("dry_run").asBoolean()).isTrue();
        JsonNode receipt = preview.json().path("receipt");
        assertThat(receipt.path("subject_id").asText()).isEqualTo("subject-without-data");
        assertThat(receipt.path("signature").asText()).hasSize(64);
        Api.Reply erase = api.delete("/api/v1/subjects/subject-without-data", Api.apiKey());
        assertThat(erase.status()).isEqualTo(200);
        assertThat(erase.json().path("dry_run").asBoolean()).isFalse();
    }

    @Test
    void aBlankSubjectIdIsRejectedAndErasureIsAdminOnly() {
        Api.Reply blank = api.get("/api/v1/subjects/%20/preview", Api.apiKey());
        assertThat(blank.status()).isEqualTo(400);
        assertThat(blank.json().path("type").asText()).endsWith("/validation-error");
        assertThat(api.delete("/api/v1/subjects/x").status()).isEqualTo(401);
    }
}
