package svc.http.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.StreamClient;
import svc.http.testing.TestServer;

/** The main job over HTTP: start a run, follow its stream, approve a gate, download artefacts. */
@ExtendWith(ServerExtension.class)
class PipelineEndToEndTest {

    private static final String PROBLEM =
            "Predict whether a loan applicant is a good or a bad credit risk, fairly across sex.";

    private final Api api;
    private final TestServer server;

    PipelineEndToEndTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void aRunIsFollowedToItsEndAndEveryArtefactDownloads() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        Api.Reply started = api.post("/api/v1/pipelines", start("fast_prototype"), Api.bearer(token));
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        JsonNode run = started.json();
        String runId = run.get("run_id").asText();
        assertThat(run.get("template").asText()).isEqualTo("fast_prototype");
        assertThat(run.get("dataset_path").asText()).isEqualTo(TestServer.DATASET.toString());
        assertThat(run.get("pending_gates").isArray()).isTrue();
        for (String field : List.of("state", "profile", "problem", "created_at", "updated_at")) {
            assertThat(run.hasNonNull(field)).as(field).isTrue();
        }

        StreamClient live = server.stream("/api/v1/pipelines/" + runId + "/stream?token=" + token);
        // The generic template asks a person before a model is registered: the run opens a gate for
        // that call and waits; the operator approves it from the stream.
        JsonNode gate = live.await(
                m -> "gate".equals(m.path("type").asText())
                        && "pending".equals(m.path("state").asText()),
                240);
        assertThat(gate.path("tool").asText()).isEqualTo("register_model_deployment");
        Api.Reply approved = api.post(
                "/api/v1/approvals/" + gate.path("gate_id").asText(),
                "{\"decision\":\"approve\",\"rationale\":\"release approved\"}",
                Api.bearer(token));
        assertThat(approved.status()).as(approved.text()).isEqualTo(200);
        assertThat(live.awaitClose(240)).isEqualTo(1000);
        List<JsonNode> messages = live.json();
        JsonNode last = messages.get(messages.size() - 1);
        assertThat(last.get("type").asText()).isEqualTo("state");
        assertThat(last.get("state").asText()).isEqualTo("succeeded");
        assertThat(messages.get(0).get("state").asText()).isEqualTo("queued");
        assertThat(messages)
                .allSatisfy(m -> assertThat(m.get("run_id").asText()).isEqualTo(runId));
        assertThat(messages.stream().map(m -> m.get("type").asText()))
                .contains("agent_message", "tool_call", "tool_result", "training_log", "stage");
        assertSeqWithoutGapsOrRepeats(messages);

        // A client that comes after the end gets the same messages, replayed from the journal.
        StreamClient late = server.stream("/api/v1/pipelines/" + runId + "/ws?token=" + token);
        assertThat(late.awaitClose(60)).isEqualTo(1000);
        assertThat(late.messages).containsExactlyInAnyOrderElementsOf(live.messages);

        JsonNode record =
                api.get("/api/v1/pipelines/" + runId, Api.bearer(token)).json();
        assertThat(record.get("state").asText()).isEqualTo("succeeded");
        server.eventually(30, () -> {
            JsonNode list = api.get("/api/v1/pipelines?state=succeeded&limit=1000", Api.bearer(token))
                    .json();
            assertThat(list.get("items").findValuesAsText("run_id")).contains(runId);
            assertThat(list.get("limit").asInt()).isEqualTo(1000);
        });

        // Conversation files are written by a projection that may still be catching up after the
        // run's end: the listing and the downloads must agree once it has.
        server.eventually(60, () -> {
            JsonNode artifacts = api.get("/api/v1/pipelines/" + runId + "/artifacts?limit=1000", Api.bearer(token))
                    .json();
            List<String> names = artifacts.get("items").findValuesAsText("name");
            assertThat(names).contains("metrics.json", "run.json", "model/manifest.json");
            assertThat(names).anyMatch(n -> n.contains("/"));
            assertThat(artifacts.get("total").asInt()).isEqualTo(names.size());
            for (JsonNode a : artifacts.get("items")) {
                String name = a.get("name").asText();
                Api.Reply file = api.get("/api/v1/pipelines/" + runId + "/artifacts/" + name, Api.bearer(token));
                assertThat(file.status()).as(name).isEqualTo(200);
                assertThat((long) file.bytes().length)
                        .as(name)
                        .isEqualTo(a.get("size").asLong());
                assertThat(sha256(file.bytes()))
                        .as(name)
                        .isEqualTo(a.get("sha256").asText());
            }
        });
        assertThat(api.get("/api/v1/pipelines/" + runId + "/artifacts/metrics.json", Api.bearer(token))
                        .header("Content-Type"))
                .hasValue("application/json");
        assertThat(api.get("/api/v1/pipelines/" + runId + "/artifacts/no-such.json", Api.bearer(token))
                        .status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/pipelines/" + runId + "/artifacts/../../jwt-secret", Api.bearer(token))
                        .status())
                .isEqualTo(404);

        Api.Reply cancelFinished = api.delete("/api/v1/pipelines/" + runId, Api.bearer(token));
        assertThat(cancelFinished.status()).as(cancelFinished.text()).isEqualTo(409);
        assertThat(cancelFinished.json().get("type").asText()).endsWith("/conflict");

        String metrics = api.get("/metrics").text();
        assertThat(metrics)
                .contains("svc_http_requests_total{method=\"GET\",path=\"/api/v1/pipelines/{run_id}\",status=\"200\"}");
        assertThat(metrics).doesNotContain("path=\"/api/v1/pipelines/" + runId);
        assertThat(metrics)
                .contains(
                        "svc_pipeline_runs_total{profile=\"default\",state=\"succeeded\",template=\"fast_prototype\"}");
        assertThat(metrics).contains("svc_tool_calls_total{state=\"ok\",tool=\"train_model\"}");
        assertThat(metrics)
                .contains("svc_pipeline_duration_seconds_count{profile=\"default\",template=\"fast_prototype\"} 1");
    }

    @Test
    void aGateIsApprovedAndTheRunCancelled() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        String runId = api.post("/api/v1/pipelines", start("default_ml_pipeline"), Api.bearer(token))
                .json()
                .get("run_id")
                .asText();
        StreamClient stream = server.stream("/api/v1/pipelines/" + runId + "/stream?token=" + token);
        JsonNode opened = stream.await(
                m -> m.path("type").asText().equals("gate")
                        && m.path("state").asText().equals("pending"),
                240);
        String gateId = opened.get("gate_id").asText();

        server.eventually(
                30,
                () -> assertThat(api.get("/api/v1/approvals?state=pending&run_id=" + runId, Api.bearer(token))
                                .json()
                                .get("items")
                                .findValuesAsText("gate_id"))
                        .containsExactly(gateId));
        JsonNode pending = api.get("/api/v1/approvals?state=pending&run_id=" + runId, Api.bearer(token))
                .json();
        JsonNode gate = pending.get("items").get(0);
        for (String field : List.of(
                "gate_id",
                "run_id",
                "type",
                "state",
                "created_at",
                "ttl_seconds",
                "escalate_after_seconds",
                "escalated_at",
                "notify_channels")) {
            assertThat(gate.has(field)).as(field).isTrue();
        }
        assertThat(api.get("/api/v1/pipelines/" + runId, Api.bearer(token))
                        .json()
                        .get("pending_gates")
                        .findValuesAsText("gate_id"))
                .containsExactly(gateId);

        // The list's run records carry their pending gates too (from the read side).
        server.eventually(30, () -> {
            JsonNode item = null;
            for (JsonNode i : api.get("/api/v1/pipelines?limit=1000", Api.bearer(token))
                    .json()
                    .get("items")) {
                item = runId.equals(i.get("run_id").asText()) ? i : item;
            }
            assertThat(item).as("list item of " + runId).isNotNull();
            assertThat(item.get("pending_gates").findValuesAsText("gate_id")).containsExactly(gateId);
        });

        Api.Reply decided = api.post(
                "/api/v1/approvals/" + gateId,
                "{\"decision\":\"approve\",\"rationale\":\"metrics look right\"}",
                Api.bearer(token));
        assertThat(decided.status()).as(decided.text()).isEqualTo(200);
        assertThat(decided.json().get("state").asText()).isNotEqualTo("waiting_approval");
        stream.await(
                m -> m.path("type").asText().equals("gate")
                        && m.path("state").asText().equals("approved")
                        && m.path("rationale").asText().equals("metrics look right"),
                30);
        Api.Reply twice = api.post("/api/v1/approvals/" + gateId, "{\"decision\":\"reject\"}", Api.bearer(token));
        assertThat(twice.status()).as(twice.text()).isEqualTo(409);

        Api.Reply cancelled = api.delete("/api/v1/pipelines/" + runId, Api.bearer(token));
        assertThat(cancelled.status()).as(cancelled.text()).isEqualTo(200);
        assertThat(stream.awaitClose(60)).isEqualTo(1000);
        JsonNode last = stream.json().get(stream.messages.size() - 1);
        assertThat(last.get("state").asText()).isEqualTo("cancelled");
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String start(String template) {
        var body = Json.object()
                .put("problem", PROBLEM)
                .put("dataset_path", TestServer.DATASET.toString())
                .put("template", template);
        body.putArray("sensitive_attributes").add("sex");
        return Json.write(body);
    }

    /** Each agent's conversation lines arrive once each, numbered from 1 without gaps. */
    private static void assertSeqWithoutGapsOrRepeats(List<JsonNode> messages) {
        Map<String, List<Integer>> byAgent = new LinkedHashMap<>();
        for (JsonNode m : messages) {
            if (m.has("agent") && m.has("seq")) {
                byAgent.computeIfAbsent(m.get("agent").asText(), k -> new ArrayList<>())
                        .add(m.get("seq").asInt());
            }
        }
        assertThat(byAgent).isNotEmpty();
        byAgent.forEach((agent, seqs) -> {
            List<Integer> sorted = seqs.stream().sorted().toList();
            assertThat(sorted)
                    .as(agent)
                    .isEqualTo(IntStream.rangeClosed(1, seqs.size()).boxed().toList());
        });
    }
}
