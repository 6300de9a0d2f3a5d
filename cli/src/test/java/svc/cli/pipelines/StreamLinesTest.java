package svc.cli.pipelines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import svc.config.Json;

/** The readable line of each stream message type, and the terminal's progress prefix. */
class StreamLinesTest {

    private static Optional<String> line(String json) {
        return StreamLines.line(Json.parse(json));
    }

    @Test
    void eachMessageTypeReadsAsOneLine() {
        String ts = "\"ts\":\"2026-11-22T01:02:03.456Z\",\"run_id\":\"r1\"";
        assertThat(line("{" + ts
                        + ",\"type\":\"agent_message\",\"agent\":\"director\",\"role\":\"user\","
                        + "\"content\":\"Stage train\\nfor the team\"}"))
                .contains("01:02:03 director <- task: Stage train for the team");
        assertThat(line("{" + ts
                        + ",\"type\":\"tool_call\",\"agent\":\"data-coordinator\","
                        + "\"tool_calls\":[{\"name\":\"transfer_to_data-profiler\","
                        + "\"arguments\":{}}]}"))
                .contains("01:02:03 data-coordinator -> delegates to data-profiler");
        assertThat(line("{" + ts
                        + ",\"type\":\"tool_call\",\"agent\":\"model-trainer\","
                        + "\"tool_calls\":[{\"name\":\"train_model\",\"arguments\":{\"seed\":42}}]}"))
                .contains("01:02:03 model-trainer -> train_model({\"seed\":42})");
        assertThat(line("{" + ts
                        + ",\"type\":\"training_log\",\"agent\":\"model-trainer\",\"tool\":\"train_model\","
                        + "\"is_error\":false,"
                        + "\"content\":\"accuracy 0.74\",\"duration_ms\":1712}"))
                .contains("01:02:03 model-trainer <- train_model (1.7 s): accuracy 0.74");
        assertThat(line("{" + ts
                        + ",\"type\":\"tool_result\",\"agent\":\"a\",\"tool\":\"t\",\"is_error\":true,"
                        + "\"content\":\"boom\",\"duration_ms\":5}"))
                .contains("01:02:03 a <- t FAILED (5 ms): boom");
        assertThat(line("{" + ts + ",\"type\":\"stage\",\"node\":\"train\",\"visit\":2}"))
                .contains("01:02:03 stage train (visit 2)");
        assertThat(line("{" + ts + ",\"type\":\"stage\",\"node\":\"train\",\"completed\":true}"))
                .contains("01:02:03 stage train done");
        assertThat(line("{" + ts
                        + ",\"type\":\"gate\",\"gate_id\":\"g1\",\"gate_type\":\"deploy\",\"state\":\"pending\"}"))
                .contains("01:02:03 gate g1 (deploy) waits for a decision: svc approvals approve g1");
        assertThat(line("{" + ts
                        + ",\"type\":\"gate\",\"gate_id\":\"g1\",\"state\":\"rejected\","
                        + "\"by\":\"ann\",\"rationale\":\"no\"}"))
                .contains("01:02:03 gate g1 rejected by ann: no");
        assertThat(line("{" + ts + ",\"type\":\"state\",\"state\":\"failed\",\"reason\":\"stage deploy failed\"}"))
                .contains("01:02:03 run failed: stage deploy failed");
    }

    @Test
    void bookkeepingMessagesGiveNoLine() {
        assertThat(line("{\"type\":\"state\",\"event\":\"CostUpdated\",\"agent\":\"a\",\"agent_cost_usd\":0.1}"))
                .isEmpty();
        assertThat(line("{\"type\":\"task_finished\",\"agent\":\"a\",\"task_id\":\"t1\",\"ok\":true}"))
                .isEmpty();
        assertThat(line("{\"type\":\"task_finished\",\"agent\":\"a\",\"task_id\":\"t1\",\"ok\":false}"))
                .contains("a task t1 failed");
        assertThat(line("{\"type\":\"something_new\"}")).isEmpty();
    }

    @Test
    void longTextIsCutToOneShortLine() {
        String content = "x".repeat(500);
        String shown = line("{\"type\":\"agent_message\",\"agent\":\"a\",\"role\":\"assistant\",\"content\":\""
                        + content + "\"}")
                .orElseThrow();
        assertThat(shown).isEqualTo("a: " + "x".repeat(StreamLines.MAX_TEXT - 3) + "...");
    }

    @Test
    void progressCountsNodesEnteredOutOfTheTemplatesNodes() {
        StageProgress progress = StageProgress.of("fast_prototype", Optional.empty());
        assertThat(progress.prefix()).isEmpty();
        progress.accept(Json.parse("{\"type\":\"stage\",\"node\":\"prepare_data\"}"));
        assertThat(progress.prefix()).isEqualTo("[stage 1/4 prepare_data] ");
        progress.accept(Json.parse("{\"type\":\"stage\",\"node\":\"prepare_data\",\"completed\":true}"));
        progress.accept(Json.parse("{\"type\":\"stage\",\"node\":\"train\"}"));
        assertThat(progress.prefix()).isEqualTo("[stage 2/4 train] ");

        StageProgress unknown = StageProgress.of("not_a_template_here", Optional.empty());
        unknown.accept(Json.parse("{\"type\":\"stage\",\"node\":\"review\"}"));
        assertThat(unknown.prefix()).isEqualTo("[stage 1 review] ");
    }
}
