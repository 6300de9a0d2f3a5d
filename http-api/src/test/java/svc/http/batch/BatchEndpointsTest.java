package svc.http.batch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.StreamClient;
import svc.http.testing.TestServer;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.train.Learner;
import svc.ml.train.Predictions;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;

/** Batch jobs over real HTTP: submit, stream, status, results, list, refusals and the limit. */
@ExtendWith(ServerExtension.class)
class BatchEndpointsTest {

    private final TestServer server;
    private final Api api;

    BatchEndpointsTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void anEchoBatchStreamsItsProgressAndServesOneLinePerRecord() throws Exception {
        Api.Reply r = api.post(
                "/api/v1/batch", "{\"kind\":\"echo\",\"records\":[{\"a\":1},{\"a\":2},{\"a\":3}]}", Api.apiKey());
        assertThat(r.status()).isEqualTo(202);
        String id = r.json().path("batch_id").asText();
        assertThat(r.json().path("total").asInt()).isEqualTo(3);
        assertThat(r.json().path("state").asText()).isEqualTo("running");

        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        StreamClient live = server.stream("/api/v1/batch/" + id + "/stream?token=" + token);
        JsonNode end = live.await(m -> m.path("state").asText().equals("succeeded"), 30);
        assertThat(end.path("processed").asInt()).isEqualTo(3);
        live.awaitClose(10);

        assertThat(api.get("/api/v1/batch/" + id, Api.apiKey())
                        .json()
                        .path("state")
                        .asText())
                .isEqualTo("succeeded");
        Api.Reply results = api.get("/api/v1/batch/" + id + "/results", Api.apiKey());
        assertThat(results.status()).isEqualTo(200);
        assertThat(results.header("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).contains("ndjson"));
        assertThat(results.text().lines().toList())
                .containsExactly(
                        "{\"index\":0,\"output\":{\"a\":1}}",
                        "{\"index\":1,\"output\":{\"a\":2}}",
                        "{\"index\":2,\"output\":{\"a\":3}}");
        server.eventually(
                10,
                () -> assertThat(api.get("/api/v1/batch?limit=1000", Api.apiKey())
                                .json()
                                .path("items"))
                        .anySatisfy(b -> assertThat(b.path("batch_id").asText()).isEqualTo(id)));
        String metrics = api.get("/metrics").text();
        assertThat(metrics).contains("svc_batch_runs_total{run=\"none\",status=\"succeeded\"}");
        assertThat(metrics).contains("svc_batch_records_processed_total{run=\"none\"}");
        assertThat(api.delete("/api/v1/batch/" + id, Api.apiKey()).status()).isEqualTo(409);
        assertThat(api.post("/api/v1/batch/" + id + "/resume", "", Api.apiKey()).status())
                .isEqualTo(409);
    }

    @Test
    void aRunsBatchPredictsWhatItsModelPredicts() throws Exception {
        Dataset data = DatasetReader.read(Path.of("../data/german_credit/german_credit.csv"));
        TrainedModel model = Trainer.train(
                        data,
                        TrainingSpec.of("credit_risk")
                                .withLearners(List.of(Learner.LINEAR))
                                .withCandidates(1))
                .model();
        String runId = "batch-model-run";
        model.save(server.platform.settings().runDir(runId).resolve("model"));
        List<Map<String, Object>> rows = new ArrayList<>();
        var records = Json.MAPPER.createArrayNode();
        for (int i = 0; i < 25; i++) {
            Map<String, Object> row = data.row(i);
            row.remove("credit_risk");
            rows.add(row);
            records.add(Json.MAPPER.valueToTree(row));
        }
        records.add("not a row");
        Path input = Files.createDirectories(server.home.resolve("datasets")).resolve("credit.jsonl");
        StringBuilder jsonl = new StringBuilder();
        records.forEach(n -> jsonl.append(Json.write(n)).append('\n'));
        Files.writeString(input, jsonl);

        Api.Reply r = api.post(
                "/api/v1/pipelines/" + runId + "/batch",
                Json.write(Json.object().put("input_path", input.toString())),
                Api.apiKey());
        assertThat(r.status()).isEqualTo(202);
        String id = r.json().path("batch_id").asText();
        server.eventually(
                30,
                () -> assertThat(api.get("/api/v1/batch/" + id, Api.apiKey())
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded"));
        JsonNode status = api.get("/api/v1/batch/" + id, Api.apiKey()).json();
        assertThat(status.path("processed").asInt()).isEqualTo(26);
        assertThat(status.path("errors").asInt()).isEqualTo(1);

        Predictions expected = model.predictRows(rows);
        List<String> lines = api.get("/api/v1/batch/" + id + "/results", Api.apiKey())
                .text()
                .lines()
                .toList();
        assertThat(lines).hasSize(26);
        for (int i = 0; i < 25; i++) {
            JsonNode line = Json.parse(lines.get(i));
            assertThat(line.path("index").asInt()).isEqualTo(i);
            assertThat(line.path("output").path("label").asText()).isEqualTo(expected.predicted()[i]);
        }
        assertThat(Json.parse(lines.get(25)).path("error").asText()).contains("JSON object");
    }

    @Test
    void badSubmissionsAreRefusedWithProblemDetails() {
        assertThat(api.post("/api/v1/batch", "{\"kind\":\"nope\",\"records\":[]}", Api.apiKey())
                        .status())
                .isEqualTo(400);
        assertThat(api.post("/api/v1/batch", "{\"kind\":\"echo\"}", Api.apiKey())
                        .status())
                .isEqualTo(400);
        assertThat(api.post("/api/v1/pipelines/no-such-run/batch", "{\"records\":[{}]}", Api.apiKey())
                        .status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/batch/b-none", Api.apiKey()).status()).isEqualTo(404);
    }

    @Test
    void productionAllowsFiveBatchSubmissionsAnHourPerCaller() {
        for (int i = 0; i < 5; i++) {
            assertThat(server.productionApi
                            .post("/api/v1/batch", "{\"kind\":\"echo\",\"records\":[{}]}", Api.apiKey())
                            .status())
                    .isEqualTo(202);
        }
        Api.Reply sixth =
                server.productionApi.post("/api/v1/batch", "{\"kind\":\"echo\",\"records\":[{}]}", Api.apiKey());
        assertThat(sixth.status()).isEqualTo(429);
        assertThat(sixth.header("Retry-After")).isPresent();
    }
}
