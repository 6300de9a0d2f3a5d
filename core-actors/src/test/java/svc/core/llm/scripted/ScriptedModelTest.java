package svc.core.llm.scripted;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.core.llm.AnthropicMessagesCodec;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.llm.ToolSpec;
import svc.core.task.TaskText;

/** The scripted model decides from what it reads, through the same wire format as a vendor. */
class ScriptedModelTest {

    private final ScriptedModel model = new ScriptedModel();
    private static final String COORDINATOR_PROMPT = "You coordinate evaluation.\n"
            + "\n"
            + "Team members (delegate with transfer_to_<name>):\n"
            + "- model-selector: tools select_model, read_artifact\n"
            + "- model-evaluator: tools evaluate_model\n";

    private LlmResponse ask(String system, List<ChatMessage> messages, String... tools) throws Exception {
        List<ToolSpec> specs = new ArrayList<>();
        for (String t : tools) {
            specs.add(new ToolSpec(t, t, "{\"type\":\"object\"}"));
        }
        String body = AnthropicMessagesCodec.encode(
                new LlmRequest("agent", "claude-haiku-4-5", system, messages, specs, 1000));
        return AnthropicMessagesCodec.decode(
                model.post(body).toCompletableFuture().get());
    }

    private static String brief(String team, String goal, String contextJson) {
        var data = Json.object().put("stage", "s").put("team", team).put("goal", goal);
        data.set("context", Json.parse(contextJson));
        data.putObject("run").put("dataset_path", "/d.csv").put("problem", "p");
        return TaskText.render("Stage s.", data);
    }

    @Test
    void theCoordinatorSelectsTheCandidateWithTheBestValidationScore() throws Exception {
        String task = brief(
                "evaluation",
                "Evaluate.",
                "{\"training.candidate.linear.score\":0.81,\"training.candidate.xgboost.score\":0.86,"
                        + "\"training.candidate.random_forest.score\":0.84}");
        LlmResponse r = ask(
                COORDINATOR_PROMPT,
                List.of(ChatMessage.user(task)),
                "transfer_to_model-selector",
                "transfer_to_model-evaluator");
        ToolCall call = r.toolCalls().get(0);
        assertThat(call.name()).isEqualTo("transfer_to_model-selector");
        JsonNode delegated = TaskText.data(
                        Json.parse(call.argumentsJson()).path("task").asText())
                .orElseThrow();
        assertThat(delegated.path("tool").asText()).isEqualTo("select_model");
        assertThat(delegated.path("arguments").path("learner").asText()).isEqualTo("xgboost");
    }

    @Test
    void aMitigatedModelIsPreferredOnceFairnessNeededOne() throws Exception {
        String task = brief(
                "evaluation",
                "Evaluate.",
                "{\"training.candidate.xgboost.score\":0.9,\"model.mitigated\":\"xgboost+reweighing\"}");
        LlmResponse r = ask(
                COORDINATOR_PROMPT,
                List.of(ChatMessage.user(task)),
                "transfer_to_model-selector",
                "transfer_to_model-evaluator");
        JsonNode delegated = TaskText.data(Json.parse(r.toolCalls().get(0).argumentsJson())
                        .path("task")
                        .asText())
                .orElseThrow();
        assertThat(delegated.path("arguments").path("learner").asText()).isEqualTo("xgboost+reweighing");
    }

    @Test
    void leakyColumnsFoundByOneStepAreDroppedInTheNext() throws Exception {
        String prompt = "Data.\n"
                + "\n"
                + "Team members (delegate with transfer_to_<name>):\n"
                + "- data-preparer: tools prepare_dataset\n"
                + "- data-profiler: tools inspect_dataset\n"
                + "- data-validator: tools validate_dataset\n"
                + "- leakage-detector: tools detect_leakage\n";
        String task = brief("data", "Prepare.", "{}");
        List<ChatMessage> conversation = new ArrayList<>(List.of(ChatMessage.user(task)));
        String[][] steps = {
            {"inspect_dataset", "{\"target\":\"y\",\"sensitive_attributes\":[\"sex\"]}"},
            {"validate_dataset", "{\"valid\":true}"},
            {"detect_leakage", "{\"leaky_columns\":[\"y_copy\"]}"}
        };
        for (String[] step : steps) {
            LlmResponse r = ask(
                    prompt,
                    conversation,
                    "transfer_to_data-preparer",
                    "transfer_to_data-profiler",
                    "transfer_to_data-validator",
                    "transfer_to_leakage-detector");
            conversation.add(ChatMessage.assistant(r.text(), r.toolCalls()));
            var report = Json.object().put("ok", true).put("tool", step[0]);
            report.set("result", Json.parse(step[1]));
            conversation.add(ChatMessage.toolResult(r.toolCalls().get(0).id(), TaskText.render("done", report), false));
        }
        LlmResponse prepare = ask(
                prompt,
                conversation,
                "transfer_to_data-preparer",
                "transfer_to_data-profiler",
                "transfer_to_data-validator",
                "transfer_to_leakage-detector");
        assertThat(prepare.toolCalls().get(0).name()).isEqualTo("transfer_to_data-preparer");
        JsonNode args = TaskText.data(Json.parse(prepare.toolCalls().get(0).argumentsJson())
                        .path("task")
                        .asText())
                .orElseThrow()
                .path("arguments");
        assertThat(args.path("target").asText()).isEqualTo("y");
        assertThat(args.path("drop_columns").get(0).asText()).isEqualTo("y_copy");
    }

    @Test
    void anUnclearTargetOrALeakForAPersonIsPutToTheDataStewardBeforePreparing() throws Exception {
        String prompt = "Data.\n"
                + "\n"
                + "Team members (delegate with transfer_to_<name>):\n"
                + "- data-preparer: tools prepare_dataset\n"
                + "- data-profiler: tools inspect_dataset\n"
                + "- data-validator: tools validate_dataset\n"
                + "- leakage-detector: tools detect_leakage\n"
                + "- data-steward: tools inspect_dataset, request_approval, read_artifact\n";
        String[] tools = {
            "transfer_to_data-preparer",
            "transfer_to_data-profiler",
            "transfer_to_data-validator",
            "transfer_to_leakage-detector",
            "transfer_to_data-steward"
        };
        List<ChatMessage> conversation = new ArrayList<>(List.of(ChatMessage.user(brief("data", "Prepare.", "{}"))));
        String[][] steps = {
            {
                "inspect_dataset",
                "{\"target\":\"y\",\"target_clear\":false,\"target_reason\":\"no column named\","
                        + "\"target_candidates\":[{\"column\":\"y\"},{\"column\":\"z\"}],"
                        + "\"sensitive_attributes\":[\"sex\"]}"
            },
            {"validate_dataset", "{\"valid\":true}"},
            {
                "detect_leakage",
                "{\"leaky_columns\":[\"boat\",\"talk_time\"],\"drop_columns\":{\"boat\":\"presence\","
                        + "\"id\":\"identifier\"},\"ask\":[\"talk_time\"],\"findings\":[{\"column\":"
                        + "\"talk_time\",\"kind\":\"dominant_predictor\",\"action\":\"ask\","
                        + "\"message\":\"far better\"}]}"
            }
        };
        for (String[] step : steps) {
            LlmResponse r = ask(prompt, conversation, tools);
            conversation.add(ChatMessage.assistant(r.text(), r.toolCalls()));
            var report = Json.object().put("ok", true).put("tool", step[0]);
            report.set("result", Json.parse(step[1]));
            conversation.add(ChatMessage.toolResult(r.toolCalls().get(0).id(), TaskText.render("done", report), false));
        }
        LlmResponse asking = ask(prompt, conversation, tools);
        assertThat(asking.toolCalls().get(0).name()).isEqualTo("transfer_to_data-steward");
        JsonNode question = TaskText.data(Json.parse(asking.toolCalls().get(0).argumentsJson())
                        .path("task")
                        .asText())
                .orElseThrow();
        assertThat(question.path("tool").asText()).isEqualTo("request_approval");
        JsonNode q = question.path("arguments");
        assertThat(q.path("gate_type").asText()).isEqualTo("manual");
        assertThat(q.path("question").asText()).contains("'y'").contains("talk_time");
        assertThat(q.path("candidates")).hasSize(2);
        assertThat(q.path("evidence")
                        .path("leakage_findings")
                        .get(0)
                        .path("column")
                        .asText())
                .isEqualTo("talk_time");

        conversation.add(ChatMessage.assistant(asking.text(), asking.toolCalls()));
        var approved = Json.object().put("ok", true).put("tool", "request_approval");
        approved.putObject("result").put("approved", true);
        conversation.add(
                ChatMessage.toolResult(asking.toolCalls().get(0).id(), TaskText.render("done", approved), false));
        LlmResponse prepare = ask(prompt, conversation, tools);
        JsonNode args = TaskText.data(Json.parse(prepare.toolCalls().get(0).argumentsJson())
                        .path("task")
                        .asText())
                .orElseThrow()
                .path("arguments");
        assertThat(args.path("drop_columns")).extracting(JsonNode::asText).containsExactly("boat", "id", "talk_time");
        assertThat(args.path("drop_reasons").path("talk_time").asText()).contains("approved by a person");
    }

    @Test
    void aWorkerRunsTheToolItIsAskedForAndRefusesOneItDoesNotHave() throws Exception {
        var brief = Json.object().put("tool", "train_model");
        brief.putObject("arguments").put("learner", "xgboost");
        LlmResponse r = ask("Train.", List.of(ChatMessage.user(TaskText.render("Please.", brief))), "train_model");
        assertThat(r.toolCalls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("train_model");
            assertThat(Json.parse(c.argumentsJson()).path("learner").asText()).isEqualTo("xgboost");
        });
        LlmResponse refused =
                ask("Train.", List.of(ChatMessage.user(TaskText.render("Please.", brief))), "read_artifact");
        assertThat(refused.toolCalls()).isEmpty();
        assertThat(TaskText.data(refused.text()).orElseThrow().path("ok").asBoolean())
                .isFalse();
    }

    @Test
    void aFailedValidationStopsTheDataStage() throws Exception {
        String prompt = "Data.\n"
                + "\n"
                + "Team members (delegate with transfer_to_<name>):\n"
                + "- data-profiler: tools inspect_dataset\n"
                + "- data-validator: tools validate_dataset\n";
        List<ChatMessage> conversation = new ArrayList<>(List.of(ChatMessage.user(brief("data", "Prepare.", "{}"))));
        String[][] steps = {
            {"inspect_dataset", "{\"target\":\"y\"}"},
            {"validate_dataset", "{\"valid\":false,\"summary\":\"only 3 rows\"}"}
        };
        for (String[] step : steps) {
            LlmResponse r = ask(prompt, conversation, "transfer_to_data-profiler", "transfer_to_data-validator");
            conversation.add(ChatMessage.assistant(r.text(), r.toolCalls()));
            var report = Json.object().put("ok", true).put("tool", step[0]);
            report.set("result", Json.parse(step[1]));
            conversation.add(ChatMessage.toolResult(r.toolCalls().get(0).id(), TaskText.render("done", report), false));
        }
        LlmResponse end = ask(prompt, conversation, "transfer_to_data-profiler", "transfer_to_data-validator");
        assertThat(end.toolCalls()).isEmpty();
        JsonNode answer = TaskText.data(end.text()).orElseThrow();
        assertThat(answer.path("ok").asBoolean()).isFalse();
        assertThat(answer.path("error").asText()).contains("only 3 rows");
    }
}
