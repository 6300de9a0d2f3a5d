package svc.core.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.MessagesTransport;
import svc.core.llm.scripted.ScriptedModel;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * G10 end to end: whole runs whose agents delegate through {@code transfer_to_<agent>} as a
 * per-agent plan says (every other agent answers as the embedded scripted model does), through
 * the same Messages-API codec, permit round-trips, journal and stream as any run. Each refusal
 * must reach the delegating agent as the tool result of its call (what its model is sent next),
 * its conversation file and the run's live stream. The built-in roster is a tree (delegation only
 * goes down, two levels), so the runs here give some agents extra delegates: a chain of six
 * below the director, and a way back up to an agent already on the chain.
 */
class DelegationLimitsTest {

    @TempDir
    Path home;

    private PlatformFixture fx;
    /** What each agent's model was sent as tool results, in order, with {@code error: } when flagged so. */
    private final Map<String, Queue<String>> received = new ConcurrentHashMap<>();
    /** Per agent: the tool calls of turn {@code n} of its {@code t}-th task; none ends the turn. */
    private final Map<String, Plan> plans = new ConcurrentHashMap<>();

    @FunctionalInterface
    interface Plan {
        List<ObjectNode> calls(int task, int turn);
    }

    private static final List<String> CHAIN = List.of(
            "director",
            "data-coordinator",
            "data-profiler",
            "data-validator",
            "leakage-detector",
            "data-preparer",
            "feature-engineer");

    @AfterEach
    void stop() {
        if (fx != null) {
            fx.close();
        }
    }

    private void start(String scope) throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        // Each data worker may hand on to the next one down the chain, and the profiler back to its coordinator.
        fx.roster = directory -> new AgentDirectory(directory.all().stream()
                .map(p -> {
                    int i = CHAIN.indexOf(p.name());
                    List<String> delegates = new ArrayList<>(p.delegates());
                    if (i >= 2 && i + 1 < CHAIN.size()) {
                        delegates.add(CHAIN.get(i + 1));
                    }
                    if (p.name().equals("data-profiler")) {
                        delegates.add("data-coordinator");
                    }
                    return new AgentProfile(
                            p.name(),
                            p.team(),
                            p.tier(),
                            p.systemPrompt(),
                            p.model(),
                            p.provider(),
                            p.tools(),
                            delegates);
                })
                .toList());
        ScriptedModel scripted = new ScriptedModel();
        fx.start(
                Map.of("svc.agents.delegation-scope", scope, "svc.agents.max-steps-per-task", 40),
                (settings, callbacks) -> profile ->
                        new MessagesApiProvider("scripted", new PlannedModel(profile.name(), scripted), callbacks));
    }

    /** Follows the agent's plan while it has one for this turn, else answers as the scripted model. */
    private final class PlannedModel implements MessagesTransport {
        private final String agent;
        private final MessagesTransport otherwise;

        PlannedModel(String agent, MessagesTransport otherwise) {
            this.agent = agent;
            this.otherwise = otherwise;
        }

        @Override
        public CompletionStage<String> post(String requestJson) {
            JsonNode request = Json.parse(requestJson);
            JsonNode messages = request.path("messages");
            int task = 0;
            int turn = 0;
            for (JsonNode m : messages) {
                if (m.path("role").asText().equals("assistant")) {
                    turn++;
                } else if (hasText(m)) {
                    task++;
                    turn = 0;
                }
            }
            JsonNode last = messages.get(messages.size() - 1);
            for (JsonNode block : last.path("content")) {
                if (block.path("type").asText().equals("tool_result")) {
                    received.computeIfAbsent(agent, k -> new ConcurrentLinkedQueue<>())
                            .add((block.path("is_error").asBoolean() ? "error: " : "")
                                    + block.path("content").asText());
                }
            }
            Plan plan = plans.get(agent);
            if (plan == null) {
                return otherwise.post(requestJson);
            }
            List<ObjectNode> calls = plan.calls(task, turn);
            ObjectNode body = Json.object()
                    .put("id", "msg_" + agent + "_" + messages.size())
                    .put("type", "message")
                    .put("role", "assistant")
                    .put("model", "planned");
            ArrayNode content = body.putArray("content");
            if (calls.isEmpty()) {
                content.addObject().put("type", "text").put("text", agent + " is done");
                body.put("stop_reason", "end_turn");
            } else {
                int i = 0;
                for (ObjectNode call : calls) {
                    call.put("type", "tool_use").put("id", "toolu_" + messages.size() + "_" + i++);
                    content.add(call);
                }
                body.put("stop_reason", "tool_use");
            }
            body.putObject("usage").put("input_tokens", 10).put("output_tokens", 5);
            return CompletableFuture.completedFuture(Json.write(body));
        }

        private static boolean hasText(JsonNode message) {
            if (message.path("content").isTextual()) {
                return true;
            }
            for (JsonNode block : message.path("content")) {
                if (block.path("type").asText().equals("text")) {
                    return true;
                }
            }
            return false;
        }
    }

    private static ObjectNode transfer(String to, String task) {
        ObjectNode call = Json.object().put("name", "transfer_to_" + to);
        call.putObject("input").put("task", task);
        return call;
    }

    /** Delegates once, on the first turn of its first task, then ends every turn. */
    private static Plan once(ObjectNode call) {
        return (task, turn) -> task == 1 && turn == 0 ? List.of(call.deepCopy()) : List.of();
    }

    /** A one-stage workflow: the director's one task is the whole run. */
    private RunView run(Queue<LiveEventHub.LiveMessage> stream) throws Exception {
        Path workflow = home.resolve("datasets").resolve("one-stage.yaml");
        Files.writeString(workflow, """
        name: one_stage
        description: one data stage
        start: prepare
        nodes:
          - {id: prepare, type: stage, team: data, goal: Profile the data.}
        edges: []
        """);
        fx.platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, stream::add);
        return fx.startRun(new RunService.StartRequest(
                "Predict y.", fx.dataset.toString(), "y", List.of(), null, null, workflow.toString(), "t"));
    }

    private void assertSeenEverywhere(
            String runId, String agent, String refusal, Queue<LiveEventHub.LiveMessage> stream) throws Exception {
        fx.eventually(
                Duration.ofSeconds(60),
                () -> assertThat(received.getOrDefault(agent, new ConcurrentLinkedQueue<>()))
                        .as("the tool result %s's model is sent", agent)
                        .anySatisfy(r -> assertThat(r).startsWith("error: ").contains(refusal)));
        fx.eventually(
                Duration.ofSeconds(30),
                () -> assertThat(stream).as("the run's live stream").anySatisfy(m -> {
                    assertThat(m.json().path("run_id").asText()).isEqualTo(runId);
                    assertThat(m.source()).isEqualTo(agent);
                    assertThat(Json.write(m.json())).contains(refusal);
                }));
        fx.awaitConversationsWritten(Duration.ofSeconds(30));
        Path conversation = fx.runDir(runId).resolve("conversations").resolve(agent + ".jsonl");
        fx.eventually(
                Duration.ofSeconds(30),
                () -> assertThat(conversation)
                        .as("the agent's conversation")
                        .content()
                        .contains(refusal));
    }

    @Test
    void aChainDeeperThanFiveIsRefusedAtTheSixthDelegationAndFiftyDelegationsEndARunsAllowance() throws Exception {
        start("strict");
        for (int i = 0; i + 1 < CHAIN.size(); i++) {
            plans.put(CHAIN.get(i), once(transfer(CHAIN.get(i + 1), "go deeper from " + CHAIN.get(i))));
        }
        Queue<LiveEventHub.LiveMessage> stream = new ConcurrentLinkedQueue<>();
        RunView deep = run(stream);
        fx.awaitState(deep.runId(), "succeeded");
        // The director's task is depth 0; data-preparer's is depth 5: its hand-off to feature-engineer is the sixth.
        assertSeenEverywhere(deep.runId(), "data-preparer", "delegation depth limit reached (5)", stream);
        assertThat(received.get("leakage-detector")).noneMatch(r -> r.startsWith("error: "));
        assertThat(received).doesNotContainKey("feature-engineer");

        // 60 hand-offs from one task (ten a turn): the first 50 go, each later one is refused and the task goes on.
        plans.clear();
        received.clear();
        plans.put("director", (task, turn) -> {
            List<ObjectNode> calls = new ArrayList<>();
            if (task == 1 && turn < 6) {
                for (int i = 0; i < 10; i++) {
                    calls.add(transfer("data-coordinator", "part " + (turn * 10 + i)));
                }
            }
            return calls;
        });
        plans.put("data-coordinator", (task, turn) -> List.of());
        Queue<LiveEventHub.LiveMessage> second = new ConcurrentLinkedQueue<>();
        RunView many = run(second);
        fx.awaitState(many.runId(), "succeeded");
        assertSeenEverywhere(many.runId(), "director", "more than 50 delegations in this run", second);
        List<String> results = new ArrayList<>(received.get("director"));
        assertThat(results).hasSize(60);
        assertThat(results.subList(0, 50)).noneMatch(r -> r.startsWith("error: "));
        assertThat(results.subList(50, 60))
                .allSatisfy(r -> assertThat(r)
                        .isEqualTo("error: {\"error\":\"delegation refused: more than 50 delegations in this run\"}"));
    }

    @Test
    void strictRefusesTheSameHandOffOnTheChainAndAnyWayBackToABusyAgent() throws Exception {
        start("strict");
        // director → data-coordinator ("check the data") → data-profiler → data-coordinator ("check the data").
        plans.put("director", once(transfer("data-coordinator", "check the data")));
        plans.put("data-coordinator", once(transfer("data-profiler", "profile it")));
        plans.put(
                "data-profiler",
                (task, turn) -> task == 1 && turn == 0
                        ? List.of(transfer("data-coordinator", "check the data"))
                        : task == 1 && turn == 1 ? List.of(transfer("data-coordinator", "something else")) : List.of());
        Queue<LiveEventHub.LiveMessage> stream = new ConcurrentLinkedQueue<>();
        RunView run = run(stream);
        fx.awaitState(run.runId(), "succeeded");
        assertSeenEverywhere(
                run.runId(), "data-profiler", "data-coordinator is already working on this in the chain", stream);
        // Other arguments are another hand-off under strict, but the coordinator waits for this chain.
        assertSeenEverywhere(run.runId(), "data-profiler", "is waiting on this chain", stream);
        assertThat(received.get("data-profiler")).hasSize(2);
    }

    @Test
    void nameOnlyRefusesAnyHandOffBackToAnAgentOnTheChainWhateverItsArguments() throws Exception {
        start("name_only");
        plans.put("director", once(transfer("data-coordinator", "check the data")));
        plans.put("data-coordinator", once(transfer("data-profiler", "profile it")));
        plans.put("data-profiler", once(transfer("data-coordinator", "a different question")));
        Queue<LiveEventHub.LiveMessage> stream = new ConcurrentLinkedQueue<>();
        RunView run = run(stream);
        fx.awaitState(run.runId(), "succeeded");
        assertSeenEverywhere(
                run.runId(),
                "data-profiler",
                "data-coordinator is already working on this in the chain [director, data-coordinator, data-profiler]"
                        + " (scope name_only)",
                stream);
    }

    @Test
    void theStrictKeyIgnoresTheOrderOfArgumentKeys() {
        assertThat(AgentEntity.argumentsHash("{\"task\":\"a\",\"n\":1}"))
                .isEqualTo(AgentEntity.argumentsHash("{\"n\":1,\"task\":\"a\"}"))
                .isNotEqualTo(AgentEntity.argumentsHash("{\"n\":2,\"task\":\"a\"}"));
    }
}
