package svc.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.workflow.Workflow;
import svc.library.workflow.WorkflowLoader;

class WorkflowWalkTest {

    private final Workflow workflow =
            WorkflowLoader.fromLibrary(Library.builtIn(), AssetRef.parse("workflow/default_ml_pipeline@v1.0.0"));

    @Test
    void theRouterTakesTheMitigationEdgeWhileFairnessFailsAndTheBoundAllows() {
        var step = WorkflowWalk.next(workflow, "fairness_router", Map.of("fairness.gate_passed", false), Map.of());
        assertThat(step.edge().orElseThrow().target()).isEqualTo("retrain_with_mitigation");
    }

    @Test
    void theRouterFallsBackToTheDefaultEdgeWhenTheBoundIsUsedUpOrFairnessPasses() {
        var exhausted = WorkflowWalk.next(
                workflow,
                "fairness_router",
                Map.of("fairness.gate_passed", false),
                Map.of("fairness_router->retrain_with_mitigation", 2));
        assertThat(exhausted.edge().orElseThrow().target()).isEqualTo("quality_review");
        var passed = WorkflowWalk.next(workflow, "fairness_router", Map.of("fairness.gate_passed", true), Map.of());
        assertThat(passed.edge().orElseThrow().target()).isEqualTo("quality_review");
        var applied = WorkflowWalk.next(
                workflow,
                "fairness_router",
                Map.of("fairness.gate_passed", false, "mitigation.applied", true),
                Map.of());
        assertThat(applied.edge().orElseThrow().target()).isEqualTo("quality_review");
    }

    @Test
    void theLastNodeEndsTheRunAndTheCodecKeepsTheGraph() {
        assertThat(WorkflowWalk.next(workflow, "deploy", Map.of(), Map.of()).edge())
                .isEmpty();
        Workflow copy = WorkflowCodec.fromJson(WorkflowCodec.toJson(workflow));
        assertThat(copy).isEqualTo(workflow);
    }
}
