package svc.http.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.governance.signing.Digests;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * Datasets in, models out, through a real server: uploads (raw and multipart, content-addressed,
 * size-limited, checked), runs started from an uploaded dataset, the registry's models with their
 * metrics and lineage chain, evaluations, comparisons on shared and different test splits, and the
 * costs report against the runs' own totals.
 */
@ExtendWith(ServerExtension.class)
class RegistryEndToEndTest {

    private static final String PROBLEM =
            "Predict whether a loan applicant is a good or a bad credit risk, fairly across sex.";

    private final TestServer server;
    private final Api api;
    private final String[] admin;

    RegistryEndToEndTest(TestServer server) {
        this.server = server;
        this.api = server.api;
        this.admin = Api.bearer(api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD));
    }

    @Test
    void theSameBytesGiveTheSameDatasetWhicheverWayTheyAreSent() throws Exception {
        byte[] csv = Files.readAllBytes(TestServer.DATASET);
        Api.Reply first = raw("/api/v1/datasets?name=german_credit.csv&consent_doc_ref=consent-2026-01", csv);
        assertThat(first.status()).as(first.text()).isIn(200, 201);
        JsonNode d = first.json();
        assertThat(d.get("dataset_id").asText()).matches("ds-[0-9a-f]{16}");
        assertThat(d.get("sha256").asText()).isEqualTo(Digests.sha256Hex(csv));
        assertThat(d.get("size_bytes").asLong()).isEqualTo(csv.length);
        assertThat(d.get("rows").asLong()).isEqualTo(1000);
        assertThat(d.get("format").asText()).isEqualTo("csv");
        String header = Files.readAllLines(TestServer.DATASET).get(0);
        assertThat(d.get("columns").size()).isEqualTo(header.split(",").length);
        assertThat(d.get("columns").get(0).asText()).isEqualTo(header.split(",")[0].strip());
        assertThat(d.get("uploaded").asBoolean()).isTrue();
        assertThat(d.get("uri").asText()).startsWith("file:").endsWith(Digests.sha256Hex(csv) + ".csv");

        Api.Reply again = multipart(csv, "german_credit.csv", "text/csv");
        assertThat(again.status()).as(again.text()).isEqualTo(200);
        assertThat(again.json().get("dataset_id").asText())
                .isEqualTo(d.get("dataset_id").asText());
        assertThat(again.json().get("consent_doc_ref").asText()).isEqualTo("consent-2026-01");

        JsonNode jsonl = raw(
                        "/api/v1/datasets",
                        "{\"a\":1,\"b\":\"x\"}\n{\"a\":2,\"b\":\"y\"}\n".getBytes(StandardCharsets.UTF_8),
                        "application/x-ndjson")
                .json();
        assertThat(jsonl.get("format").asText()).isEqualTo("jsonl");
        assertThat(jsonl.get("rows").asLong()).isEqualTo(2);

        JsonNode listed = api.get("/api/v1/datasets?limit=1000", admin).json();
        assertThat(listed.get("items").findValuesAsText("dataset_id"))
                .contains(d.get("dataset_id").asText(), jsonl.get("dataset_id").asText());
        assertThat(listed.get("total").asInt()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void uploadsPastTheLimitOrNotTabularAreRefusedWithProblems() throws Exception {
        byte[] big = new byte[(int) TestServer.MAX_UPLOAD + 1];
        Arrays.fill(big, (byte) 'a');
        // A declared length past the limit is refused before a byte is read.
        Api.Reply declared = raw("/api/v1/datasets", big);
        assertThat(declared.status()).as(declared.text()).isEqualTo(413);
        assertThat(declared.json().get("type").asText()).endsWith("/payload-too-large");
        // A chunked body is cut off as it passes the limit.
        Api.Reply chunked = api.send(api.request("/api/v1/datasets")
                .header("Content-Type", "text/csv")
                .header(admin[0], admin[1])
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                .build());
        assertThat(chunked.status()).as(chunked.text()).isEqualTo(413);
        assertThat(Files.list(server.home.resolve("datasets").resolve(".incoming")))
                .as("nothing of a refused upload is kept")
                .isEmpty();

        Api.Reply ragged = raw("/api/v1/datasets?name=bad.csv", "a,b\n1,2\n3\n".getBytes(StandardCharsets.UTF_8));
        assertThat(ragged.status()).as(ragged.text()).isEqualTo(400);
        assertThat(ragged.json().get("errors").get(0).asText())
                .isEqualTo("file: bad.csv line 3: expected 2 fields as in the header, found 1");
        Api.Reply nested =
                raw("/api/v1/datasets", "{\"a\":{\"b\":1}}\n".getBytes(StandardCharsets.UTF_8), "application/x-ndjson");
        assertThat(nested.status()).isEqualTo(400);
        assertThat(nested.json().get("detail").asText()).contains("line 1: field 'a' is nested");
        Api.Reply json = raw("/api/v1/datasets", "{}".getBytes(StandardCharsets.UTF_8), "application/json");
        assertThat(json.status()).isEqualTo(415);
        Api.Reply noFile = api.send(api.request("/api/v1/datasets")
                .header("Content-Type", "multipart/form-data; boundary=XyZ")
                .header(admin[0], admin[1])
                .POST(HttpRequest.BodyPublishers.ofString(
                        "--XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nx.csv\r\n--XyZ--\r\n"))
                .build());
        assertThat(noFile.status()).as(noFile.text()).isEqualTo(400);
        assertThat(noFile.json().get("detail").asText()).contains("one file part");

        String viewer = viewer();
        Api.Reply byViewer = raw("/api/v1/datasets", "a\n1\n".getBytes(StandardCharsets.UTF_8), "text/csv", viewer);
        assertThat(byViewer.status()).isEqualTo(403);
        assertThat(api.get("/api/v1/datasets", Api.bearer(viewer)).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/models", Api.bearer(viewer)).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/reports/costs", Api.bearer(viewer)).status())
                .isEqualTo(200);
        assertThat(api.get("/api/v1/datasets/ds-0000000000000000", admin).status())
                .isEqualTo(404);
    }

    @Test
    void runsFromAnUploadedDatasetRegisterModelsThatAreListedComparedAndCosted() throws Exception {
        byte[] csv = Files.readAllBytes(TestServer.DATASET);
        String datasetId = raw("/api/v1/datasets?name=german.csv", csv)
                .json()
                .get("dataset_id")
                .asText();

        Api.Reply both = api.post(
                "/api/v1/pipelines",
                Json.write(body().put("dataset_id", datasetId).put("dataset_path", TestServer.DATASET.toString())),
                admin);
        assertThat(both.status()).isEqualTo(400);
        assertThat(both.json().get("detail").asText()).contains("not both");
        Api.Reply neither = api.post("/api/v1/pipelines", Json.write(body()), admin);
        assertThat(neither.status()).isEqualTo(400);
        Api.Reply unknown =
                api.post("/api/v1/pipelines", Json.write(body().put("dataset_id", "ds-ffffffffffffffff")), admin);
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().get("detail").asText()).contains("dataset_id: no uploaded dataset");

        // Two runs on the same bytes (one from the upload, one from the path with the whole pipeline,
        // which also writes a model card) and one on a subset.
        Api.Reply started = api.post("/api/v1/pipelines", Json.write(body().put("dataset_id", datasetId)), admin);
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        String runA = started.json().get("run_id").asText();
        assertThat(started.json().get("dataset_id").asText()).isEqualTo(datasetId);
        assertThat(started.json().get("dataset_path").asText()).endsWith(Digests.sha256Hex(csv) + ".csv");
        String runB =
                start(body().put("dataset_path", TestServer.DATASET.toString()).put("template", "default_ml_pipeline"));
        List<String> lines = Files.readAllLines(TestServer.DATASET);
        byte[] subset = (String.join("\n", lines.subList(0, 601)) + "\n").getBytes(StandardCharsets.UTF_8);
        String subsetId = raw("/api/v1/datasets?name=german-600.csv", subset)
                .json()
                .get("dataset_id")
                .asText();
        String runC = start(body().put("dataset_id", subsetId));
        for (String run : List.of(runA, runB, runC)) {
            awaitSucceeded(run);
        }
        assertThat(api.get("/api/v1/pipelines/" + runA, admin)
                        .json()
                        .get("dataset_id")
                        .asText())
                .isEqualTo(datasetId);

        JsonNode modelA = onlyModelOf(runA);
        JsonNode modelB = currentModelOf(runB);
        JsonNode modelC = onlyModelOf(runC);
        String a = modelA.get("model_id").asText();
        assertThat(a).startsWith("model-" + runA.substring(4) + "-");
        assertThat(modelA.get("dataset_id").asText()).isEqualTo(datasetId);
        assertThat(modelA.get("test").get("accuracy").asDouble()).isBetween(0.5, 1.0);
        assertThat(modelA.get("test").has("roc_auc")).isTrue();
        assertThat(modelA.get("current").asBoolean()).isTrue();
        assertThat(api.get("/api/v1/models?dataset_id=" + datasetId + "&limit=1000", admin)
                        .json()
                        .get("items")
                        .findValuesAsText("model_id"))
                .contains(a)
                .doesNotContain(modelB.get("model_id").asText());

        JsonNode detail = api.get("/api/v1/models/" + a, admin).json();
        assertThat(detail.get("metrics").get("test").get("accuracy").asDouble())
                .isEqualTo(modelA.get("test").get("accuracy").asDouble());
        assertThat(detail.get("metrics").get("split").get("dataset_sha256").asText())
                .isEqualTo(Digests.sha256Hex(csv));
        assertThat(detail.get("fairness").get("gate_passed").isBoolean()).isTrue();
        assertThat(detail.get("fairness_passed").asBoolean())
                .isEqualTo(detail.get("fairness").get("gate_passed").asBoolean());
        // fast_prototype writes no model card; the whole pipeline does.
        assertThat(detail.get("model_card").isNull()).isTrue();
        JsonNode detailB = api.get("/api/v1/models/" + modelB.get("model_id").asText(), admin)
                .json();
        assertThat(detailB.get("model_card").asText())
                .isEqualTo(api.get("/api/v1/pipelines/" + runB + "/artifacts/model_card.md", admin)
                        .text());
        assertThat(detail.get("run").get("run_id").asText()).isEqualTo(runA);
        // The same bytes are one dataset, named as they were first uploaded (here or by another test).
        assertThat(detail.get("dataset").get("dataset_id").asText()).isEqualTo(datasetId);
        assertThat(detail.get("dataset").get("name").asText()).isIn("german.csv", "german_credit.csv");
        JsonNode lineage = detail.get("lineage");
        assertThat(lineage.get("dataset").get("dataset_id").asText()).isEqualTo(datasetId);
        assertThat(lineage.get("dataset").get("sha256").asText()).isEqualTo(Digests.sha256Hex(csv));
        assertThat(lineage.get("model").get("model_id").asText()).isEqualTo(a);
        assertThat(lineage.get("model").get("run_id").asText()).isEqualTo(runA);
        assertThat(api.get("/api/v1/models/model-nope", admin).status()).isEqualTo(404);

        JsonNode dataset = api.get("/api/v1/datasets/" + datasetId, admin).json();
        assertThat(dataset.get("runs").findValuesAsText("run_id"))
                .contains(runA)
                .doesNotContain(runB);
        assertThat(dataset.get("models").findValuesAsText("model_id")).contains(a);

        JsonNode evaluations =
                api.get("/api/v1/evaluations?model_id=" + a, admin).json();
        assertThat(evaluations.get("items").findValuesAsText("split")).containsExactly("test", "validation");
        JsonNode test = evaluations.get("items").get(0);
        assertThat(test.get("metrics").get("accuracy").asDouble())
                .isEqualTo(modelA.get("test").get("accuracy").asDouble());
        assertThat(test.get("rows").asInt())
                .isEqualTo(detail.get("split").get("test_rows").asInt());
        assertThat(test.get("fairness").has("attributes")).isTrue();
        assertThat(test.get("drift").has("max_psi")).isTrue();
        assertThat(evaluations.get("items").get(1).get("fairness").isNull()).isTrue();
        assertThat(api.get("/api/v1/evaluations", admin).status()).isEqualTo(400);

        // Same bytes, same seed: the same test rows, whatever the dataset's id or path.
        String b = modelB.get("model_id").asText();
        JsonNode same =
                api.get("/api/v1/evaluations/compare?a=" + a + "&b=" + b, admin).json();
        assertThat(same.get("same_test_split").asBoolean()).as(same.toString()).isTrue();
        assertThat(same.get("comparable").asBoolean()).isTrue();
        assertThat(same.get("reason").asText()).startsWith("both evaluated on the same");
        Map<String, JsonNode> diffs = new HashMap<>();
        same.get("differences").forEach(x -> diffs.put(x.get("metric").asText(), x));
        assertThat(diffs).containsKeys("accuracy", "roc_auc", "log_loss");
        assertThat(diffs.get("accuracy").get("difference").asDouble())
                .isCloseTo(
                        modelB.get("test").get("accuracy").asDouble()
                                - modelA.get("test").get("accuracy").asDouble(),
                        within(1e-12));
        JsonNode other = api.get(
                        "/api/v1/evaluations/compare?a=" + a + "&b="
                                + modelC.get("model_id").asText(),
                        admin)
                .json();
        assertThat(other.get("comparable").asBoolean()).isFalse();
        assertThat(other.get("same_test_split").asBoolean()).isFalse();
        assertThat(other.get("reason").asText()).startsWith("they were tested on different datasets");
        assertThat(other.get("differences")).isEmpty();
        assertThat(other.get("a").get("model").get("test").get("accuracy").isNumber())
                .isTrue();
        assertThat(api.get("/api/v1/evaluations/compare?a=" + a, admin).status())
                .isEqualTo(400);

        assertCostsAddUpToTheRuns(List.of(runA, runB, runC));
    }

    /** The report grouped by agent sums to the runs' own totals; grouped by run, each run's is its own. */
    private void assertCostsAddUpToTheRuns(List<String> mine) {
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        server.eventually(60, () -> {
            Map<String, Double> runs = new HashMap<>();
            api.get("/api/v1/pipelines?limit=1000", admin)
                    .json()
                    .get("items")
                    .forEach(r ->
                            runs.put(r.get("run_id").asText(), r.get("cost_usd").asDouble()));
            JsonNode byAgent =
                    api.get("/api/v1/reports/costs?group_by=agent", admin).json();
            double agents = 0;
            for (JsonNode g : byAgent.get("groups")) {
                agents += g.get("cost_usd").asDouble();
            }
            double total =
                    runs.values().stream().mapToDouble(Double::doubleValue).sum();
            assertThat(total).isGreaterThan(0);
            assertThat(agents).isCloseTo(total, within(1e-9));
            assertThat(byAgent.get("total_usd").asDouble()).isCloseTo(total, within(1e-9));
            assertThat(byAgent.get("groups").findValuesAsText("key")).contains("data-coordinator");
        });
        // The run record and the ledger trail the journal; both are read again until they agree.
        server.eventually(60, () -> {
            JsonNode byRun = api.get("/api/v1/reports/costs?group_by=run&from=" + today + "&to=" + today, admin)
                    .json();
            Map<String, Double> perRun = new HashMap<>();
            byRun.get("groups")
                    .forEach(g ->
                            perRun.put(g.get("key").asText(), g.get("cost_usd").asDouble()));
            for (String run : mine) {
                double own = api.get("/api/v1/pipelines/" + run, admin)
                        .json()
                        .get("cost_usd")
                        .asDouble();
                assertThat(own).isGreaterThan(0);
                assertThat(perRun.get(run)).as(run).isCloseTo(own, within(1e-12));
            }
        });
        JsonNode byProvider =
                api.get("/api/v1/reports/costs?group_by=provider", admin).json();
        assertThat(byProvider.get("groups").findValuesAsText("key")).contains("scripted");
        JsonNode byModel =
                api.get("/api/v1/reports/costs?group_by=model", admin).json();
        assertThat(byModel.get("groups").findValuesAsText("key")).isNotEmpty().doesNotContain("unknown");
        JsonNode yesterday = api.get(
                        "/api/v1/reports/costs?to="
                                + LocalDate.now(ZoneOffset.UTC).minusDays(2),
                        admin)
                .json();
        assertThat(yesterday.get("total_usd").asDouble()).isZero();
        assertThat(api.get("/api/v1/reports/costs?group_by=team", admin).status())
                .isEqualTo(400);
        assertThat(api.get("/api/v1/reports/costs?from=yesterday", admin).status())
                .isEqualTo(400);
        assertThat(api.get(
                                "/api/v1/reports/costs?from=" + today + "&to="
                                        + LocalDate.now(ZoneOffset.UTC).minusDays(1),
                                admin)
                        .status())
                .isEqualTo(400);
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static ObjectNode body() {
        var body = Json.object().put("problem", PROBLEM).put("template", "fast_prototype");
        body.putArray("sensitive_attributes").add("sex");
        return body;
    }

    private String start(ObjectNode body) {
        Api.Reply r = api.post("/api/v1/pipelines", Json.write(body), admin);
        assertThat(r.status()).as(r.text()).isEqualTo(202);
        return r.json().get("run_id").asText();
    }

    /** Approves whatever the run asks (the generic profile asks before registering a model) until it succeeds. */
    private void awaitSucceeded(String runId) {
        server.eventually(300, () -> {
            for (JsonNode gate : api.get("/api/v1/approvals?state=pending&run_id=" + runId, admin)
                    .json()
                    .get("items")) {
                api.post(
                        "/api/v1/approvals/" + gate.get("gate_id").asText(),
                        "{\"decision\":\"approve\",\"rationale\":\"registry test\"}",
                        admin);
            }
            assertThat(api.get("/api/v1/pipelines/" + runId, admin)
                            .json()
                            .get("state")
                            .asText())
                    .isEqualTo("succeeded");
        });
    }

    private JsonNode onlyModelOf(String runId) {
        List<JsonNode> found = new ArrayList<>();
        server.eventually(30, () -> {
            found.clear();
            api.get("/api/v1/models?run_id=" + runId, admin).json().get("items").forEach(found::add);
            assertThat(found).as("models of " + runId).hasSize(1);
        });
        return found.get(0);
    }

    /** The run's model now (a run that mitigates bias may have selected another one before). */
    private JsonNode currentModelOf(String runId) {
        List<JsonNode> found = new ArrayList<>();
        server.eventually(30, () -> {
            found.clear();
            api.get("/api/v1/models?run_id=" + runId, admin).json().get("items").forEach(m -> {
                if (m.get("current").asBoolean()) {
                    found.add(m);
                }
            });
            assertThat(found).as("current model of " + runId).hasSize(1);
        });
        return found.get(0);
    }

    private Api.Reply raw(String path, byte[] bytes) {
        return raw(path, bytes, "text/csv");
    }

    private Api.Reply raw(String path, byte[] bytes, String contentType) {
        return api.send(api.request(path)
                .header("Content-Type", contentType)
                .header(admin[0], admin[1])
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
                .build());
    }

    private Api.Reply raw(String path, byte[] bytes, String contentType, String token) {
        return api.send(api.request(path)
                .header("Content-Type", contentType)
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
                .build());
    }

    private Api.Reply multipart(byte[] file, String fileName, String contentType) {
        String boundary = "svc-test-boundary";
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                        + "\"\r\nContent-Type: " + contentType + "\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[head.length + file.length + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        System.arraycopy(file, 0, body, head.length, file.length);
        System.arraycopy(tail, 0, body, head.length + file.length, tail.length);
        return raw("/api/v1/datasets", body, "multipart/form-data; boundary=" + boundary);
    }

    private String viewer() {
        String email = "registry-viewer-" + System.nanoTime() + "@example.com";
        Api.Reply created = api.post(
                "/api/v1/users",
                Json.write(Json.object()
                        .put("email", email)
                        .put("password", "viewer-password")
                        .put("role", "viewer")),
                admin);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return api.login(email, "viewer-password");
    }
}
