package svc.http.deployments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.StreamClient;
import svc.http.testing.TestServer;

/**
 * Issue 14's "done when", end to end over a real server and real HTTP/WebSocket: run 1's model A
 * becomes the champion through the pipeline's registration; run 2's model B is registered as a
 * shadow and deployed as a 20 % challenger; 1,000 requests split 80/20 within five points; the
 * shadow records its agreement; rows from a shifted distribution raise a drift alert on the
 * events stream; promoting B retires A in one event; a challenger fed labels that make it clearly
 * worse is rolled back by its canary rule; under bfsi_baseline promoting an unfair model is
 * denied with rule_source compliance_gate and the denial is stored.
 */
@ExtendWith(ServerExtension.class)
class DeploymentEndToEndTest {

    private static final String PROBLEM = "Predict whether a loan applicant is a good or a bad credit risk.";

    private final TestServer server;
    private final Api api;

    DeploymentEndToEndTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void championChallengerShadowDriftCanaryAndTheComplianceGate() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        String[] auth = Api.bearer(token);
        // A dataset file of its own, so this test's model name is its own on the shared server.
        String name = "credit_" + UUID.randomUUID().toString().substring(0, 8);
        Path dataset = Files.createDirectories(server.home.resolve("datasets")).resolve(name + ".csv");
        Files.copy(TestServer.DATASET, dataset);
        List<ObjectNode> rows = rows(dataset);

        Api.Reply unknown = api.post("/api/v1/inference/" + name, "{\"rows\":[{\"age\":30}]}", auth);
        assertThat(unknown.status()).as(unknown.text()).isEqualTo(404);
        assertThat(api.post("/api/v1/inference/" + name, "{\"rows\":5}", auth).status())
                .isEqualTo(400);
        assertThat(api.get("/api/v1/deployments/" + name, auth).status()).isEqualTo(404);
        assertThat(api.post(
                                "/api/v1/deployments/" + name,
                                "{\"model_id\":\"model-0123456789abcdef-linear\"," + "\"role\":\"champion\"}",
                                auth)
                        .status())
                .isEqualTo(404);
        assertThat(api.post("/api/v1/deployments/" + name, "{\"model_id\":\"x\",\"role\":\"king\"}", auth)
                        .status())
                .isEqualTo(400);

        String run1 = start(dataset, null, auth);
        String run2 = start(dataset, null, auth);
        String run3 = start(dataset, "bfsi_baseline", auth);

        // Run 1 registers A first: the name's first model is its champion.
        approveRegistration(run1, auth);
        awaitState(run1, "succeeded", auth);
        approveRegistration(run2, auth);
        awaitState(run2, "succeeded", auth);
        JsonNode a = artefact(run1, "deployment.json", auth);
        JsonNode b = artefact(run2, "deployment.json", auth);
        assertThat(a.path("model_name").asText()).isEqualTo(name);
        assertThat(a.path("state").asText()).isEqualTo("active");
        assertThat(b.path("state").asText())
                .as("a later model of the name is a shadow")
                .isEqualTo("shadow");
        String modelA = a.path("model").asText();
        String modelB = b.path("model").asText();
        String championA = a.path("deployment_id").asText();
        String shadowB = b.path("deployment_id").asText();

        StreamClient events = server.stream("/api/v1/deployments/" + name + "/events?token=" + token);
        assertThat(events.await(m -> m.path("type").asText().equals("status"), 30)
                        .path("deployments")
                        .size())
                .isEqualTo(2);

        // B as a 20 % challenger.
        Api.Reply deployed = api.post(
                "/api/v1/deployments/" + name,
                "{\"model_id\":\"" + modelB + "\",\"role\":\"challenger\",\"traffic_pct\":20}",
                auth);
        assertThat(deployed.status()).as(deployed.text()).isEqualTo(201);
        String challengerB = deployed.json().path("deployment_id").asText();
        assertThat(deployed.json().path("state").asText()).isEqualTo("challenger");
        JsonNode now = api.get("/api/v1/deployments/" + name, auth).json();
        assertThat(now.path("champion").path("deployment_id").asText()).isEqualTo(championA);
        assertThat(now.path("champion").path("traffic_pct").asInt()).isEqualTo(80);

        // 1,000 requests, each its own id: 80/20 within five points, and an id stays where it went.
        Random random = new Random(14);
        Map<String, Integer> byDeployment = new HashMap<>();
        for (int i = 0; i < 1000; i++) {
            JsonNode answer = predict(name, rows.get(random.nextInt(rows.size())), "split-" + i, auth);
            byDeployment.merge(answer.path("deployment_id").asText(), 1, Integer::sum);
        }
        assertThat(byDeployment.keySet()).containsExactlyInAnyOrder(championA, challengerB);
        assertThat(byDeployment.get(challengerB)).isBetween(150, 250);
        String first = predict(name, rows.get(0), "split-7", auth)
                .path("deployment_id")
                .asText();
        for (int i = 0; i < 3; i++) {
            assertThat(predict(name, rows.get(i), "split-7", auth)
                            .path("deployment_id")
                            .asText())
                    .isEqualTo(first);
        }

        // B's shadow compared its answers with A's (the challenger's own answers are not mirrored to it).
        JsonNode agreement = events.await(
                m -> m.path("type").asText().equals("shadow")
                        && m.path("deployment_id").asText().equals(shadowB),
                30);
        assertThat(agreement.path("agreement").asDouble()).isBetween(0.0, 1.0);
        server.eventually(30, () -> {
            JsonNode figures =
                    api.get("/api/v1/deployments/" + name + "/metrics", auth).json();
            JsonNode shadow = find(figures.path("deployments"), shadowB);
            assertThat(shadow.path("shadow_compared").asLong()).isGreaterThan(300);
            assertThat(shadow.path("shadow_agreement").asDouble()).isGreaterThan(0.5);
        });
        assertThat(events.json().stream().filter(m -> m.path("type").asText().equals("drift")))
                .as("rows from the training distribution raise no drift alert")
                .isEmpty();

        // Rows from a shifted distribution: older, longer and far larger loans.
        for (int i = 0; i < 600; i++) {
            ObjectNode shifted = rows.get(random.nextInt(rows.size())).deepCopy();
            shifted.put("age", shifted.path("age").asDouble() + 35);
            shifted.put("credit_amount", shifted.path("credit_amount").asDouble() * 6);
            shifted.put("duration_months", shifted.path("duration_months").asDouble() * 3);
            predict(name, shifted, "shift-" + i, auth);
        }
        JsonNode drift = events.await(
                m -> m.path("type").asText().equals("drift")
                        && m.path("band").asText().equals("significant"),
                30);
        assertThat(drift.path("alert").asBoolean()).isTrue();
        assertThat(drift.path("max_psi").asDouble()).isGreaterThan(0.25);
        assertThat(drift.path("reference_model").asText()).isEqualTo(modelA);

        // Promoting B retires A in the same event.
        Api.Reply promoted = api.post("/api/v1/deployments/" + name + "/" + challengerB + "/promote", "{}", auth);
        assertThat(promoted.status()).as(promoted.text()).isEqualTo(200);
        JsonNode after = promoted.json();
        assertThat(after.path("champion").path("deployment_id").asText()).isEqualTo(challengerB);
        assertThat(after.path("champion").path("traffic_pct").asInt()).isEqualTo(100);
        assertThat(find(after.path("deployments"), championA).path("state").asText())
                .isEqualTo("retired");
        JsonNode newest = after.path("history").get(0);
        assertThat(newest.path("action").asText()).isEqualTo("promoted");
        assertThat(newest.path("deployment_id").asText()).isEqualTo(challengerB);
        assertThat(newest.path("retired_deployment_id").asText()).isEqualTo(championA);
        assertThat(events.await(
                        m -> m.path("type").asText().equals("deployment")
                                && m.path("action").asText().equals("promoted"),
                        30))
                .isNotNull();

        // A canary: A again, as a 10 % challenger of B, fed labels that make it clearly worse.
        Api.Reply canary = api.post(
                "/api/v1/deployments/" + name,
                "{\"model_id\":\"" + modelA + "\",\"role\":\"challenger\",\"traffic_pct\":10,"
                        + "\"canary\":{\"step_pct\":10,\"max_pct\":50,\"min_samples\":20,\"alpha\":0.05}}",
                auth);
        assertThat(canary.status()).as(canary.text()).isEqualTo(201);
        String canaryA = canary.json().path("deployment_id").asText();
        int challengerAnswers = 0;
        for (int i = 0; challengerAnswers < 20 && i < 2000; i++) {
            String id = "canary-" + i;
            JsonNode answer = predict(name, rows.get(random.nextInt(rows.size())), id, auth);
            JsonNode prediction = answer.path("predictions").get(0);
            String predicted = prediction.path("label").asText();
            boolean byChallenger = answer.path("deployment_id").asText().equals(canaryA);
            if (!byChallenger && i % 4 != 0) {
                continue; // a quarter of the champion's answers is enough evidence
            }
            String label = byChallenger ? other(prediction.path("probabilities"), predicted) : predicted;
            Api.Reply fed = api.post(
                    "/api/v1/inference/" + name + "/feedback",
                    "{\"request_id\":\"" + id + "\",\"label\":\"" + label + "\"}",
                    auth);
            assertThat(fed.status()).as(fed.text()).isEqualTo(200);
            challengerAnswers += byChallenger ? 1 : 0;
        }
        JsonNode rollback = events.await(
                m -> m.path("type").asText().equals("canary")
                        && m.path("action").asText().equals("canary_rollback"),
                60);
        assertThat(rollback.path("deployment_id").asText()).isEqualTo(canaryA);
        assertThat(rollback.path("detail").asText()).contains("challenger 0/");
        JsonNode rolledBack = api.get("/api/v1/deployments/" + name, auth).json();
        assertThat(find(rolledBack.path("deployments"), canaryA).path("state").asText())
                .isEqualTo("retired");
        assertThat(rolledBack.path("champion").path("traffic_pct").asInt()).isEqualTo(100);
        assertThat(rolledBack.path("history").get(0).path("action").asText()).isEqualTo("canary_rollback");

        // Under bfsi_baseline the unfair model never deployed from its run, and may not become champion.
        JsonNode regulated = awaitState(run3, "failed", auth);
        assertThat(regulated.path("failure").asText()).contains("compliance_gate");
        String unfair = "model-" + run3.replace("run-", "") + "-";
        String modelU = api.get("/api/v1/pipelines/" + run3 + "/artifacts/metrics.json", auth)
                .json()
                .path("model")
                .path("candidate")
                .asText();
        modelU = unfair + modelU.replace("+", "-").replace("_", "-");
        Api.Reply challengerU = api.post(
                "/api/v1/deployments/" + name,
                "{\"model_id\":\"" + modelU + "\",\"role\":\"challenger\",\"traffic_pct\":5}",
                auth);
        assertThat(challengerU.status()).as(challengerU.text()).isEqualTo(201);
        Api.Reply refused = api.post(
                "/api/v1/deployments/" + name + "/"
                        + challengerU.json().path("deployment_id").asText() + "/promote",
                "{}",
                auth);
        assertThat(refused.status()).as(refused.text()).isEqualTo(403);
        assertThat(refused.json().path("rule_source").asText()).isEqualTo("compliance_gate");
        Api.Reply asChampion = api.post(
                "/api/v1/deployments/" + name, "{\"model_id\":\"" + modelU + "\",\"role\":\"champion\"}", auth);
        assertThat(asChampion.status()).isEqualTo(403);
        assertThat(asChampion.json().path("rule_source").asText()).isEqualTo("compliance_gate");
        JsonNode denials = api.get(
                        "/api/v1/permissions/denials?tool=register_model_deployment&agent="
                                + TestServer.ADMIN_EMAIL.replace("@", "%40"),
                        auth)
                .json();
        assertThat(denials.path("items").findValuesAsText("source")).contains("compliance_gate");
        assertThat(api.get("/api/v1/deployments/" + name, auth)
                        .json()
                        .path("champion")
                        .path("deployment_id")
                        .asText())
                .isEqualTo(challengerB);

        // Listed, counted.
        assertThat(api.get("/api/v1/deployments?limit=1000", auth)
                        .json()
                        .path("items")
                        .findValuesAsText("model"))
                .contains(name);
        String metrics = api.get("/metrics").text();
        assertThat(metrics)
                .contains("svc_inference_requests_total{deployment=\"" + challengerB + "\",model=\"" + name
                        + "\",status=\"ok\"}")
                .contains("svc_shadow_agreement_ratio{deployment=\"" + shadowB + "\",model=\"" + name + "\"}")
                .contains("svc_inference_psi{feature=\"age\",model=\"" + name + "\"}")
                .contains("svc_inference_latency_seconds_bucket");
    }

    private String start(Path dataset, String profile, String[] auth) {
        ObjectNode body = Json.object()
                .put("problem", PROBLEM)
                .put("dataset_path", dataset.toString())
                .put("template", "fast_prototype");
        if (profile != null) {
            body.put("profile", profile);
        }
        Api.Reply r = api.post("/api/v1/pipelines", Json.write(body), auth);
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        return r.json().path("run_id").asText();
    }

    /** Approves the run's registration gate (fast_prototype's ASK before register_model_deployment). */
    private void approveRegistration(String runId, String[] auth) {
        String[] gate = new String[1];
        server.eventually(240, () -> {
            JsonNode run = api.get("/api/v1/pipelines/" + runId, auth).json();
            assertThat(run.path("failure").isNull() || run.path("failure").isMissingNode())
                    .as(run.toString())
                    .isTrue();
            JsonNode pending = run.path("pending_gates");
            assertThat(pending.size()).as(run.toString()).isGreaterThan(0);
            gate[0] = pending.get(0).path("gate_id").asText();
        });
        Api.Reply approved =
                api.post("/api/v1/approvals/" + gate[0], "{\"decision\":\"approve\",\"rationale\":\"release\"}", auth);
        assertThat(approved.status()).as(approved.text()).isEqualTo(200);
    }

    private JsonNode awaitState(String runId, String state, String[] auth) {
        JsonNode[] run = new JsonNode[1];
        server.eventually(240, () -> {
            run[0] = api.get("/api/v1/pipelines/" + runId, auth).json();
            assertThat(run[0].path("state").asText()).as(run[0].toString()).isEqualTo(state);
        });
        return run[0];
    }

    private JsonNode artefact(String runId, String name, String[] auth) {
        Api.Reply r = api.get("/api/v1/pipelines/" + runId + "/artifacts/" + name, auth);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    private JsonNode predict(String model, ObjectNode row, String requestId, String[] auth) {
        ObjectNode body = Json.object().put("request_id", requestId);
        body.putArray("rows").add(row);
        Api.Reply r = api.post("/api/v1/inference/" + model, Json.write(body), auth);
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        return r.json();
    }

    private static JsonNode find(JsonNode deployments, String deploymentId) {
        for (JsonNode d : deployments) {
            if (d.path("deployment_id").asText().equals(deploymentId)) {
                return d;
            }
        }
        throw new AssertionError("no deployment " + deploymentId + " in " + deployments);
    }

    /** The label a binary classifier did not choose. */
    private static String other(JsonNode probabilities, String predicted) {
        var names = probabilities.fieldNames();
        while (names.hasNext()) {
            String label = names.next();
            if (!label.equals(predicted)) {
                return label;
            }
        }
        throw new AssertionError("one label only in " + probabilities);
    }

    /** The dataset's rows as feature objects (numbers as numbers), the target left out. */
    private static List<ObjectNode> rows(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",");
        List<ObjectNode> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] values = line.split(",", -1);
            ObjectNode row = Json.object();
            for (int i = 0; i < header.length; i++) {
                if (header[i].equals("credit_risk")) {
                    continue;
                }
                try {
                    row.put(header[i], Double.parseDouble(values[i]));
                } catch (NumberFormatException e) {
                    row.put(header[i], values[i]);
                }
            }
            out.add(row);
        }
        return out;
    }
}
