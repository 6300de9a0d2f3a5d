package svc.http.cron;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** Cron jobs over real HTTP: create, read, list, run now, history, metrics, delete, refusals. */
@ExtendWith(ServerExtension.class)
class CronEndpointsTest {

    private final Api api;

    CronEndpointsTest(TestServer server) {
        this.api = server.api;
    }

    @Test
    void aJobIsCreatedRunNowWithItsHistoryAndMetricsThenDeleted() {
        Api.Reply created = api.post(
                "/api/v1/cron",
                "{\"name\":\"nightly-list\",\"schedule\":\"0 2 * * *\",\"timezone\":\"Europe/Paris\","
                        + "\"kind\":\"custom\",\"params\":{\"tool\":\"list_artifacts\",\"agent\":\"data-profiler\"}}",
                Api.apiKey());
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().path("timezone").asText()).isEqualTo("Europe/Paris");
        assertThat(api.get("/api/v1/cron/nightly-list", Api.apiKey())
                        .json()
                        .path("schedule")
                        .asText())
                .isEqualTo("0 2 * * *");
        assertThat(api.get("/api/v1/cron", Api.apiKey()).json().path("items"))
                .anySatisfy(j -> assertThat(j.path("name").asText()).isEqualTo("nightly-list"));

        Api.Reply run = api.post("/api/v1/cron/nightly-list/run", "", Api.apiKey());
        assertThat(run.status()).as(run.text()).isEqualTo(200);
        assertThat(run.json().path("status").asText()).isEqualTo("succeeded");
        assertThat(run.json().path("trigger").asText()).isEqualTo("manual");
        JsonNode runs = api.get("/api/v1/cron/nightly-list/runs", Api.apiKey()).json();
        assertThat(runs.path("total").asInt()).isEqualTo(1);
        assertThat(runs.path("items").get(0).has("duration_ms")).isTrue();
        assertThat(api.get("/metrics").text())
                .contains("svc_cron_job_runs_total{job=\"nightly-list\",status=\"succeeded\"} 1.0")
                .contains("svc_cron_job_duration_seconds_count{job=\"nightly-list\"} 1");

        assertThat(api.delete("/api/v1/cron/nightly-list", Api.apiKey()).status())
                .isEqualTo(200);
        assertThat(api.get("/api/v1/cron/nightly-list", Api.apiKey()).status()).isEqualTo(404);
    }

    @Test
    void badJobsAreValidationErrorsAndDuplicatesConflicts() {
        assertThat(api.post(
                                "/api/v1/cron",
                                "{\"name\":\"bad\",\"schedule\":\"every minute\",\"kind\":\"custom\"}",
                                Api.apiKey())
                        .status())
                .isEqualTo(400);
        assertThat(api.post(
                                "/api/v1/cron",
                                "{\"name\":\"bad\",\"schedule\":\"* * * * *\",\"kind\":\"nope\"}",
                                Api.apiKey())
                        .status())
                .isEqualTo(400);
        String ok = "{\"name\":\"twice\",\"schedule\":\"*/5 * * * *\",\"kind\":\"audit_pdf\",\"params\":{}}";
        assertThat(api.post("/api/v1/cron", ok, Api.apiKey()).status()).isEqualTo(201);
        assertThat(api.post("/api/v1/cron", ok, Api.apiKey()).status()).isEqualTo(409);
        assertThat(api.get("/api/v1/cron/none/runs", Api.apiKey()).status()).isEqualTo(404);
    }
}
