package svc.http.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** {@code GET /api/v1/pipelines/{run_id}/workflow}: the graph the dashboard draws. */
@ExtendWith(ServerExtension.class)
class RunWorkflowEndpointsTest {

    private final Api api;
    private final Path home;

    RunWorkflowEndpointsTest(TestServer server) {
        this.api = server.api;
        this.home = server.home;
    }

    @Test
    void aLibraryTemplateRunAnswersItsVersionedGraph() {
        String runId = start(Json.object().put("template", "fast_prototype"));
        JsonNode graph = workflow(runId);
        assertThat(graph.get("name").asText()).isEqualTo("fast_prototype");
        assertThat(graph.get("start").asText()).isEqualTo("prepare_data");
        assertThat(ids(graph.get("nodes"))).containsExactly("prepare_data", "train", "evaluate", "deploy");
        assertThat(graph.get("nodes").get(0).get("type").asText()).isEqualTo("stage");
        assertThat(graph.get("nodes").get(0).get("team").asText()).isEqualTo("data");
        JsonNode edge = graph.get("edges").get(0);
        assertThat(edge.get("source").asText() + ">" + edge.get("target").asText())
                .isEqualTo("prepare_data>train");
    }

    @Test
    void aCustomerWorkflowFileRunAnswersTheGraphOfThatFile() throws Exception {
        // Under the server's upload directory, a data root: a request names only files under one (DataRoots).
        Path file = Files.createDirectories(home.resolve("datasets")).resolve("two_steps.yaml");
        Files.writeString(file, """
                name: two_steps
                description: prepare, then a person looks
                start: prepare_data
                nodes:
                  - {id: prepare_data, type: stage, team: data, goal: Profile and split the data.}
                  - {id: look, type: checkpoint, gate_type: manual}
                edges:
                  - {source: prepare_data, target: look, priority: 0, metadata: {}}
                """);
        String runId = start(Json.object().put("workflow", file.toString()));
        JsonNode graph = workflow(runId);
        assertThat(graph.get("name").asText()).isEqualTo("two_steps");
        assertThat(ids(graph.get("nodes"))).containsExactly("prepare_data", "look");
        assertThat(graph.get("nodes").get(1).get("type").asText()).isEqualTo("checkpoint");
        assertThat(graph.get("nodes").get(1).get("gate_type").asText()).isEqualTo("manual");
        api.delete("/api/v1/pipelines/" + runId, Api.apiKey());
    }

    @Test
    void anUnknownRunIsA404AndAViewerRoleIsNeeded() {
        assertThat(api.get("/api/v1/pipelines/run-00000000000000ff/workflow", Api.apiKey())
                        .status())
                .isEqualTo(404);
        assertThat(api.get("/api/v1/pipelines/run-00000000000000ff/workflow").status())
                .isEqualTo(401);
    }

    private String start(ObjectNode body) {
        body.put("problem", "Predict whether a loan applicant is a good or a bad credit risk.")
                .put("dataset_path", TestServer.DATASET.toString());
        Api.Reply started = api.post("/api/v1/pipelines", Json.write(body), Api.apiKey());
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        return started.json().get("run_id").asText();
    }

    private JsonNode workflow(String runId) {
        Api.Reply r = api.get("/api/v1/pipelines/" + runId + "/workflow", Api.apiKey());
        assertThat(r.status()).as(r.text()).isEqualTo(200);
        assertThat(r.header("Content-Type")).hasValue("application/json");
        return r.json();
    }

    private static List<String> ids(JsonNode nodes) {
        List<String> ids = new ArrayList<>();
        nodes.forEach(n -> ids.add(n.get("id").asText()));
        return ids;
    }
}
