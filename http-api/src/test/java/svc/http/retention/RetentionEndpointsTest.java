package svc.http.retention;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.StreamClient;
import svc.http.testing.TestServer;

/**
 * The retention sweep over real HTTP: an admin's dry run and real run of a finished run that
 * ended 400 days ago (its end moved back on the read side, where the sweep finds runs), the run
 * record afterwards, the metric, the stream of the pruned run, and refusals.
 */
@ExtendWith(ServerExtension.class)
class RetentionEndpointsTest {

    private final TestServer server;
    private final Api api;

    RetentionEndpointsTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void anAdminSweepsNowAndThePrunedRunStaysReadable() throws Exception {
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        String runId = cancelledRun(token);
        Files.writeString(server.home.resolve("runs").resolve(runId).resolve("audit.pdf"), "%PDF-1.7 stand-in");
        endedDaysAgo(runId, 400);

        Api.Reply dry = api.post("/api/v1/retention/run?dry_run=true", "", Api.bearer(token));
        assertThat(dry.status()).as(dry.text()).isEqualTo(200);
        assertThat(dry.json().path("dry_run").asBoolean()).isTrue();
        assertThat(kindsOf(dry.json(), runId)).contains("run_events", "audit_pdfs");
        assertThat(server.home.resolve("runs").resolve(runId).resolve("audit.pdf"))
                .exists();

        Api.Reply swept = api.post("/api/v1/retention/run", "", Api.bearer(token));
        assertThat(swept.status()).as(swept.text()).isEqualTo(200);
        JsonNode report = swept.json();
        assertThat(report.path("dry_run").asBoolean()).isFalse();
        assertThat(report.path("failures")).isEmpty();
        assertThat(kindsOf(report, runId)).contains("run_events", "audit_pdfs");
        JsonNode audit = deletion(report, runId, "audit_pdfs");
        assertThat(audit.path("path").asText()).isEqualTo(runId + "/audit.pdf");
        assertThat(audit.path("class").asText()).isEqualTo("audit_pdfs_days");
        assertThat(audit.path("days").asInt()).isEqualTo(365);
        assertThat(audit.path("age_days").asDouble()).isGreaterThanOrEqualTo(400);
        assertThat(server.home.resolve("runs").resolve(runId).resolve("audit.pdf"))
                .doesNotExist();
        long events = deletion(report, runId, "run_events").path("count").asLong();
        assertThat(events).isPositive();

        JsonNode record =
                api.get("/api/v1/pipelines/" + runId, Api.bearer(token)).json();
        assertThat(record.path("state").asText()).isEqualTo("cancelled");
        assertThat(record.path("problem").asText()).startsWith("Predict whether");
        assertThat(record.path("pruned").findValuesAsText("kind")).contains("run_events", "audit_pdfs");
        Instant at = Instant.parse(report.path("at").asText());
        assertThat(record.path("pruned"))
                .allSatisfy(
                        n -> assertThat(Instant.parse(n.path("at").asText())).isEqualTo(at));

        assertThat(api.get("/metrics").text())
                .containsPattern("svc_retention_pruned_total\\{artefact_kind=\"run_events\"} [1-9][0-9]*\\.0");
        assertThat(server.home.resolve("retention_log.json")).content().contains(runId);

        // The pruned run's stream has no journal left to replay; it still ends with its state.
        StreamClient late = server.stream("/api/v1/pipelines/" + runId + "/stream?token=" + token);
        assertThat(late.awaitClose(60)).isEqualTo(1000);
        JsonNode last = late.json().get(late.json().size() - 1);
        assertThat(last.path("type").asText()).isEqualTo("state");
        assertThat(last.path("state").asText()).isEqualTo("cancelled");

        // The run's journal and its PDF are gone for good. (Its agents, cancelled a moment ago, may
        // still be ending a step and writing a conversation line; a run that ended a year ago has none.)
        assertThat(kindsOf(
                        api.post("/api/v1/retention/run", "", Api.bearer(token)).json(), runId))
                .doesNotContain("run_events", "audit_pdfs");
    }

    @Test
    void onlyAnAdminSweepsAndTheFlagMustBeABoolean() {
        String email = "retention-operator@example.com";
        Api.Reply created = api.post(
                "/api/v1/users",
                Json.write(Json.object()
                        .put("email", email)
                        .put("password", "operator-password")
                        .put("role", "operator")),
                Api.apiKey());
        assertThat(created.status()).as(created.text()).isIn(201, 409);
        String operator = api.login(email, "operator-password");
        assertThat(api.post("/api/v1/retention/run", "", Api.bearer(operator)).status())
                .isEqualTo(403);
        assertThat(api.post("/api/v1/retention/run?dry_run=maybe", "", Api.apiKey())
                        .status())
                .isEqualTo(400);
    }

    /**
     * A run cancelled right after it started, finished on the read side too. Its workflow is one
     * no other test of the shared server counts runs of in the metrics.
     */
    private String cancelledRun(String token) {
        Api.Reply started = api.post(
                "/api/v1/pipelines",
                Json.write(Json.object()
                        .put("problem", "Predict whether a loan applicant is a good or a bad credit risk.")
                        .put("dataset_path", TestServer.DATASET.toString())
                        .put("template", "parallel_research")),
                Api.bearer(token));
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        String runId = started.json().path("run_id").asText();
        assertThat(api.delete("/api/v1/pipelines/" + runId, Api.bearer(token)).status())
                .isEqualTo(200);
        server.eventually(
                30,
                () -> assertThat(api.get("/api/v1/pipelines?state=cancelled&limit=1000", Api.bearer(token))
                                .json()
                                .path("items")
                                .findValuesAsText("run_id"))
                        .contains(runId));
        return runId;
    }

    /** Moves the run's end back on the read side, which is where the sweep looks for old runs. */
    private void endedDaysAgo(String runId, int days) throws Exception {
        try (Connection c = server.platform.database().connection();
                PreparedStatement ps = c.prepareStatement("UPDATE runs SET updated_at = ? WHERE run_id = ?")) {
            ps.setTimestamp(1, Timestamp.from(Instant.now().minus(Duration.ofDays(days))));
            ps.setString(2, runId);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    private static List<String> kindsOf(JsonNode report, String runId) {
        List<String> kinds = new ArrayList<>();
        report.path("pruned").forEach(d -> {
            if (d.path("run_id").asText().equals(runId)) {
                kinds.add(d.path("artefact_kind").asText());
            }
        });
        return kinds;
    }

    private static JsonNode deletion(JsonNode report, String runId, String kind) {
        for (JsonNode d : report.path("pruned")) {
            if (d.path("run_id").asText().equals(runId)
                    && d.path("artefact_kind").asText().equals(kind)) {
                return d;
            }
        }
        throw new AssertionError("no " + kind + " deletion of " + runId + " in " + report);
    }
}
