package svc.library.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import svc.library.LibraryException;
import svc.library.LibraryYaml;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.roster.Roster;
import svc.library.roster.Team;

class WorkflowValidatorTest {

    /** A valid graph with a bounded loop, used as the base of the broken cases. */
    private static final String VALID = """
            name: t
            description: test
            start: data
            nodes:
              - {id: data, type: stage, team: data, goal: prepare}
              - {id: evaluate, type: stage, team: evaluation, goal: measure}
              - {id: route, type: router}
              - {id: fix, type: stage, team: training, goal: mitigate}
              - {id: gate, type: checkpoint, gate_type: deploy, ttl_seconds: 60, escalate_after_seconds: 30}
            edges:
              - {source: data, target: evaluate}
              - {source: evaluate, target: route}
              - {source: route, target: fix, priority: 5,
                 metadata: {condition: "fairness.gate_passed == false", max_iterations: 2}}
              - {source: route, target: gate, metadata: {default: true}}
              - {source: fix, target: evaluate}
            """;

    @ParameterizedTest
    @ValueSource(strings = {"fast_prototype", "default_ml_pipeline", "parallel_research"})
    void builtInWorkflowsLoadAndValidateAgainstTheRoster(String name) {
        AssetRef ref = AssetRef.parse("workflow/" + name + "@v1.0.0");
        Workflow workflow = WorkflowLoader.fromLibrary(Library.builtIn(), ref);
        assertThat(workflow.name()).isEqualTo(name);
        assertThat(workflow.startNode()).isInstanceOf(Node.Stage.class);
        assertThat(((Node.Stage) workflow.startNode()).team()).isEqualTo(Team.DATA);
        WorkflowSpec spec = LibraryYaml.read(Library.builtIn().resolve(ref).openEntry(), WorkflowSpec.class, name);
        assertThat(WorkflowValidator.validate(spec, Roster.builtIn())).isEmpty();
    }

    @Test
    void fastPrototypeIsFourStagesInARow() {
        Workflow w = WorkflowLoader.fromLibrary(Library.builtIn(), AssetRef.parse("workflow/fast_prototype@v1.0.0"));
        assertThat(walkStraight(w)).containsExactly(Team.DATA, Team.TRAINING, Team.EVALUATION, Team.DEPLOYMENT);
        assertThat(w.nodes()).allMatch(n -> n instanceof Node.Stage);
    }

    @Test
    void defaultPipelineRoutesFairnessFailuresThroughABoundedRetrain() {
        Workflow w =
                WorkflowLoader.fromLibrary(Library.builtIn(), AssetRef.parse("workflow/default_ml_pipeline@v1.0.0"));
        List<Edge> out = w.outgoing("fairness_router");
        assertThat(out).extracting(Edge::target).containsExactly("retrain_with_mitigation", "quality_review");
        Edge retrain = out.get(0);
        assertThat(retrain.maxIterations()).hasValue(2);
        assertThat(Condition.parse(retrain.condition().orElseThrow())
                        .test(Map.of("fairness", Map.of("gate_passed", false))))
                .isTrue();
        assertThat(Condition.parse(retrain.condition().orElseThrow())
                        .test(Map.of("fairness.gate_passed", false, "mitigation.applied", true)))
                .isFalse();
        assertThat(out.get(1).isDefault()).isTrue();
        assertThat(w.outgoing("retrain_with_mitigation"))
                .extracting(Edge::target)
                .containsExactly("evaluate");
        Node.Checkpoint gate = (Node.Checkpoint) w.node("deploy_approval").orElseThrow();
        assertThat(gate.gateType()).isEqualTo(GateType.DEPLOY);
        assertThat(w.outgoing("deploy_approval")).extracting(Edge::target).containsExactly("deploy");
        assertThat(w.isEnd("deploy")).isTrue();
    }

    @Test
    void parallelResearchRunsThreeResearchersInTheAlgorithmStage() {
        Workflow w = WorkflowLoader.fromLibrary(Library.builtIn(), AssetRef.parse("workflow/parallel_research@v1.0.0"));
        Node.Stage stage = (Node.Stage) w.node("choose_learners").orElseThrow();
        assertThat(stage.team()).isEqualTo(Team.ALGORITHM);
        assertThat(stage.parallel())
                .containsExactly("linear-model-researcher", "tree-model-researcher", "boosting-researcher");
    }

    @Test
    void theBaseCaseIsValid() {
        assertThat(problems(VALID)).isEmpty();
    }

    @Test
    void unknownNodeInEdgeOrStartIsNamed() {
        assertThat(problems(VALID.replace("start: data", "start: dta")
                        .replace("{source: fix, target: evaluate}", "{source: fix, target: evalute}")))
                .contains(
                        "workflow: start node 'dta' is not a node; nodes are [data, evaluate, route, fix, gate]",
                        "edge fix -> evalute: unknown node 'evalute'");
    }

    @Test
    void duplicateNodeIdIsNamed() {
        assertThat(problems(VALID.replace("{id: fix, type: stage", "{id: evaluate, type: stage")))
                .contains("node 'evaluate': duplicate node id (also nodes[1])");
    }

    @Test
    void unreachableNodeIsNamed() {
        String yaml =
                VALID.replace("nodes:\n", "nodes:\n  - {id: orphan, type: stage, team: quality, goal: nothing}\n");
        assertThat(problems(yaml)).containsExactly("node 'orphan': unreachable from start node 'data'");
    }

    @Test
    void routerWithoutDefaultEdgeIsNamed() {
        assertThat(problems(
                        VALID.replace("metadata: {default: true}", "metadata: {condition: \"leakage.found == true\"}")))
                .containsExactly("node 'route': router has no default edge; mark exactly one outgoing edge with "
                        + "metadata.default: true");
    }

    @Test
    void cycleWithoutBoundIsNamed() {
        assertThat(problems(VALID.replace(", max_iterations: 2", "")))
                .containsExactly("node 'evaluate': cycle through evaluate -> route -> fix has no bound; "
                        + "give one of its edges metadata.max_iterations");
    }

    @Test
    void selfLoopWithoutBoundIsACycle() {
        String yaml = VALID.replace(
                "  - {source: fix, target: evaluate}",
                "  - {source: fix, target: evaluate}\n  - {source: gate, target: gate}");
        assertThat(problems(yaml))
                .anyMatch(p -> p.startsWith("node 'gate': cycle through gate has no bound"))
                .anyMatch(p -> p.startsWith("workflow: no end node"));
    }

    @Test
    void unknownTeamAndGateTypeAreNamed() {
        assertThat(problems(VALID.replace("team: training", "team: modelling")
                        .replace("gate_type: deploy", "gate_type: legal")))
                .containsExactlyInAnyOrder(
                        "node 'fix': unknown team 'modelling'; expected one of data, algorithm, training, evaluation, "
                                + "deployment, quality, management",
                        "node 'gate': unknown gate type 'legal'; expected one of deploy, data_request, manual, "
                                + "security, cost, custom");
    }

    @Test
    void missingRequiredFieldsAreNamed() {
        String yaml = VALID.replace("description: test\n", "")
                .replace(", goal: measure", "")
                .replace("{id: route, type: router}", "{id: route}")
                .replace("{source: fix, target: evaluate}", "{source: fix}");
        assertThat(problems(yaml))
                .contains(
                        "workflow: field 'description' is missing",
                        "node 'evaluate': field 'goal' is missing (the instruction handed to the team coordinator)",
                        "node 'route': field 'type' is missing; expected stage, router or checkpoint",
                        "edges[4]: fields 'source' and 'target' are required");
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        String yaml = VALID.replace("start: data", "start: nowhere")
                .replace("team: training", "team: ops")
                .replace("metadata: {default: true}", "metadata: {}")
                .replace(", max_iterations: 2", "");
        assertThatThrownBy(() -> load(yaml))
                .isInstanceOf(LibraryException.class)
                .satisfies(e -> assertThat(((LibraryException) e).problems()).hasSizeGreaterThanOrEqualTo(4))
                .hasMessageContaining("node 'fix': unknown team 'ops'")
                .hasMessageContaining("start node 'nowhere'")
                .hasMessageContaining("edge route -> gate: router edge has neither")
                .hasMessageContaining("cycle through");
    }

    @Test
    void fieldsOfAnotherNodeTypeAndBadConditionsAreNamed() {
        String yaml = VALID.replace("{id: route, type: router}", "{id: route, type: router, team: data}")
                .replace("fairness.gate_passed == false", "fairness.gate_passed === false")
                .replace(
                        "{source: data, target: evaluate}",
                        "{source: data, target: evaluate, metadata: {default: true}}");
        assertThat(problems(yaml))
                .contains(
                        "node 'route': field 'team' only applies to stage nodes",
                        "edge data -> evaluate: only edges leaving a router carry metadata.condition or "
                                + "metadata.default")
                .anyMatch(p -> p.startsWith("edge route -> fix: condition 'fairness.gate_passed === false'"));
    }

    @Test
    void checkpointTimersMustEscalateBeforeExpiry() {
        assertThat(problems(VALID.replace("escalate_after_seconds: 30", "escalate_after_seconds: 90")))
                .containsExactly("node 'gate': escalate_after_seconds (90) must be less than ttl_seconds (60), "
                        + "or the gate expires before it escalates");
    }

    @Test
    void notifyChannelsMustNameAKindAndAValidTarget() {
        String gate = "escalate_after_seconds: 30}";
        assertThat(problems(VALID.replace(
                        gate,
                        "escalate_after_seconds: 30, notify_channels: [dashboard, email, "
                                + "'webhook:https://hooks.example.com/svc', 'email:ops@example.com']}")))
                .isEmpty();
        assertThat(problems(VALID.replace(
                        gate,
                        "escalate_after_seconds: 30, notify_channels: [slack, 'webhook:ftp://x.example.com/', "
                                + "'email:not an address']}")))
                .containsExactly(
                        "node 'gate': notify channel 'slack' is not one of webhook:<url>, email:<address>, webhook, "
                                + "email, dashboard",
                        "node 'gate': notify channel 'webhook:ftp://x.example.com/': a webhook needs an http or "
                                + "https URL",
                        "node 'gate': notify channel 'email:not an address': 'not an address' is not an e-mail "
                                + "address");
    }

    @Test
    void parallelAgentsMustBelongToTheStageTeam() {
        String yaml = VALID.replace(
                "goal: mitigate}", "goal: mitigate, parallel: [model-trainer, fairness-auditor, nobody]}");
        WorkflowSpec spec = LibraryYaml.read(stream(yaml), WorkflowSpec.class, "test");
        assertThat(WorkflowValidator.validate(spec, Roster.builtIn()))
                .containsExactly(
                        "node 'fix': parallel agent 'fairness-auditor' belongs to team evaluation, not to the stage's "
                                + "team training",
                        "node 'fix': parallel agent 'nobody' is not in the roster");
    }

    @Test
    void unknownWorkflowFieldIsRejectedWithItsLine() {
        assertThatThrownBy(() -> load(VALID.replace("gate_type: deploy", "gate_type: deploy, ttl_second: 5")))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("unknown field 'ttl_second'")
                .hasMessageContaining("nodes[4]")
                .hasMessageContaining("line 9");
    }

    private static List<Team> walkStraight(Workflow w) {
        List<Team> teams = new ArrayList<>();
        String at = w.start();
        while (true) {
            teams.add(((Node.Stage) w.node(at).orElseThrow()).team());
            if (w.isEnd(at)) {
                return teams;
            }
            at = w.outgoing(at).get(0).target();
        }
    }

    private static List<String> problems(String yaml) {
        return WorkflowValidator.validate(LibraryYaml.read(stream(yaml), WorkflowSpec.class, "test"));
    }

    private static Workflow load(String yaml) {
        return WorkflowLoader.fromYaml(stream(yaml), "test.yaml");
    }

    private static ByteArrayInputStream stream(String yaml) {
        return new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8));
    }
}
