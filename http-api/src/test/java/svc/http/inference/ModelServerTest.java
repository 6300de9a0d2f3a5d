package svc.http.inference;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.train.Learner;
import svc.ml.train.TrainedModel;
import svc.ml.train.Trainer;
import svc.ml.train.TrainingSpec;

/** The container's inference runtime serves a saved model over real HTTP. */
class ModelServerTest {

    @TempDir
    static Path dir;

    static TrainedModel model;
    static ModelServer server;
    static Dataset data;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void trainAndServe() throws Exception {
        data = DatasetReader.read(Path.of("../data/german_credit/german_credit.csv"));
        model = Trainer.train(
                        data,
                        TrainingSpec.of("credit_risk")
                                .withLearners(List.of(Learner.LINEAR))
                                .withCandidates(1))
                .model();
        model.save(dir.resolve("model"));
        server = ModelServer.start(dir.resolve("model"), "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        b = body == null
                ? b.method(method, HttpRequest.BodyPublishers.noBody())
                : b.method(method, HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void predictionsOverHttpEqualTheModelsOwnPredictions() throws Exception {
        List<Map<String, ?>> rows = new ArrayList<>();
        var body = Json.object();
        var array = body.putArray("rows");
        for (int i = 0; i < 5; i++) {
            Map<String, Object> row = data.row(i);
            row.remove("credit_risk");
            rows.add(row);
            array.add(Json.MAPPER.valueToTree(row));
        }
        HttpResponse<String> response = send("POST", "/predict", Json.write(body));
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode predictions = Json.parse(response.body()).path("predictions");
        var expected = model.predictRows(rows);
        for (int i = 0; i < 5; i++) {
            assertThat(predictions.get(i).path("label").asText()).isEqualTo(expected.predicted()[i]);
            assertThat(predictions
                            .get(i)
                            .path("probabilities")
                            .path(model.labels().get(1))
                            .asDouble())
                    .isCloseTo(expected.probabilities()[i][1], Offset.offset(1e-12));
        }
    }

    @Test
    void healthAndLivenessDescribeTheModel() throws Exception {
        assertThat(send("GET", "/healthz", null).statusCode()).isEqualTo(200);
        JsonNode live = Json.parse(send("GET", "/livez", null).body());
        assertThat(live.path("learner").asText()).isEqualTo("linear");
        assertThat(live.path("target").asText()).isEqualTo("credit_risk");
        assertThat(live.path("features").size()).isEqualTo(21);
    }

    @Test
    void badRequestsGetProblemBodies() throws Exception {
        HttpResponse<String> notJson = send("POST", "/predict", "{oops");
        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(notJson.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(Json.parse(notJson.body()).path("type").asText()).endsWith("/validation-error");
        assertThat(send("POST", "/predict", "{\"rows\": []}").statusCode()).isEqualTo(400);
        assertThat(send("GET", "/predict", null).statusCode()).isEqualTo(405);
    }
}
