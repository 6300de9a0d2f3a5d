package svc.http.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.StreamClient;
import svc.http.testing.TestServer;

/**
 * The run stream's bytes on the wire, through the real server: text of two-, three- and four-byte
 * UTF-8 characters (é, em dash, CJK, emoji: a surrogate pair in Java) at every offset, in messages
 * longer than a socket read, comes back exactly, to a client following the run live and to clients
 * that connect after its end and get the whole history at once (the replay the JDK's WebSocket
 * client could not take: see {@link StreamClient}).
 */
@ExtendWith(ServerExtension.class)
class RunStreamWireTest {

    private static final int LATE_CLIENTS = 20;

    private final TestServer server;
    private final Api api;

    RunStreamWireTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    /** Each multi-byte character after 0 to 3 ASCII letters, so each starts at every offset mod 4. */
    static String multiByteText(int repeats) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < repeats; i++) {
            for (String c : List.of("é", "—", "中", "😀", "🧪")) {
                for (int k = 0; k < 4; k++) {
                    text.append("abc", 0, k).append(c);
                }
            }
            text.append(' ');
        }
        // The server strips a problem statement's surrounding blanks.
        return text.toString().strip();
    }

    @Test
    void multiByteTextComesBackExactlyLiveAndReplayed() throws Exception {
        // About 38 KB of UTF-8: more than one socket read, so characters straddle reads and frame parts.
        String marker = multiByteText(400);
        assertThat(marker.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(16_384);
        String problem = "Predict whether a loan applicant is a good or a bad credit risk, fairly across sex. "
                + "Notes — 注意 — 🧪: " + marker;
        String token = api.login(TestServer.ADMIN_EMAIL, TestServer.ADMIN_PASSWORD);
        var body = Json.object()
                .put("problem", problem)
                .put("dataset_path", TestServer.DATASET.toString())
                .put("template", "fast_prototype");
        body.putArray("sensitive_attributes").add("sex");
        Api.Reply started = api.post("/api/v1/pipelines", Json.write(body), Api.bearer(token));
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        String runId = started.json().get("run_id").asText();
        assertThat(api.get("/api/v1/pipelines/" + runId, Api.bearer(token))
                        .json()
                        .get("problem")
                        .asText())
                .isEqualTo(problem);

        StreamClient live = server.stream("/api/v1/pipelines/" + runId + "/stream?token=" + token);
        JsonNode gate = live.await(
                m -> "gate".equals(m.path("type").asText())
                        && "pending".equals(m.path("state").asText()),
                240);
        Api.Reply approved = api.post(
                "/api/v1/approvals/" + gate.path("gate_id").asText(),
                "{\"decision\":\"approve\",\"rationale\":\"ok — 好 👍\"}",
                Api.bearer(token));
        assertThat(approved.status()).as(approved.text()).isEqualTo(200);
        assertThat(live.awaitClose(240)).isEqualTo(1000);
        assertThat(live.messages).anyMatch(m -> Json.parse(m).toString().contains(marker));
        assertThat(live.json())
                .anyMatch(m -> "ok — 好 👍".equals(m.path("rationale").asText()));

        // Every late client gets the whole history at once, right after the upgrade: the same
        // messages as the live one, in the same order each time.
        List<String> firstReplay = null;
        for (int i = 0; i < LATE_CLIENTS; i++) {
            StreamClient late = server.stream("/api/v1/pipelines/" + runId + "/ws?token=" + token);
            assertThat(late.awaitClose(60)).as("late client %d", i).isEqualTo(1000);
            assertThat(late.messages).as("late client %d", i).containsExactlyInAnyOrderElementsOf(live.messages);
            if (firstReplay == null) {
                firstReplay = List.copyOf(late.messages);
            }
            assertThat(late.messages).as("late client %d", i).containsExactlyElementsOf(firstReplay);
        }
    }
}
