/**
 * Workflow graphs: what the director walks during a run.
 *
 * <h2>Model</h2>
 * A workflow has a {@code name}, a {@code description}, a {@code start} node id, {@code nodes}
 * and {@code edges}. A node is a {@code stage} (hands {@code goal} to the coordinator of
 * {@code team}; optional {@code parallel} agents research it side by side and the coordinator,
 * as supervisor, merges their answers), a {@code router} (chooses an outgoing edge) or a
 * {@code checkpoint} (opens a human gate of {@code gate_type}, with optional
 * {@code ttl_seconds}, {@code escalate_after_seconds}, {@code notify_channels}). An edge has
 * {@code source}, {@code target}, {@code priority} (an integer, default 0; higher is tried first)
 * and {@code metadata}. The run ends at a node without outgoing edges.
 *
 * <h2>Routing and cycles</h2>
 * A router tries its outgoing edges in priority order and takes the first whose
 * {@code metadata.condition} holds over the run's facts; if none holds it takes the one edge
 * marked {@code metadata.default: true}. Only router edges carry conditions. A cycle must
 * contain an edge with {@code metadata.max_iterations: N}: a run takes that edge at most N
 * times, after which a router skips it (so the default edge wins). {@link
 * svc.library.workflow.WorkflowValidator} enforces all of this and reports every problem at once.
 *
 * <h2>Condition grammar</h2>
 * <pre>
 * condition  := or
 * or         := and ( "or" and )*
 * and        := primary ( "and" primary )*        -- "and" binds tighter than "or"
 * primary    := "(" condition ")" | fact op literal
 * fact       := name ( "." name )*                 -- e.g. metrics.validation.roc_auc
 * op         := "==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;="
 * literal    := number | true | false | null | 'text' | "text"
 * </pre>
 * Examples: {@code fairness.gate_passed == false and mitigation.applied != true},
 * {@code metrics.validation.roc_auc < 0.7 or leakage.found == true},
 * {@code approval.decision == 'reject'}.
 *
 * <p>Facts are looked up by full dotted name, then through nested maps; a missing fact is
 * {@code null}, so {@code x != true} holds when {@code x} was never set (write conditions that way
 * when a fact appears only later in a run). Numbers compare by value whatever their Java type;
 * {@code ==} between different types is false; ordering operators need numbers on both sides
 * and otherwise fail with a {@link svc.library.workflow.ConditionException} naming the fact,
 * because routing on a missing metric is a bug to surface, not a silent false.
 *
 * <h2>Which workflow a run uses</h2>
 * {@link svc.library.workflow.PipelineConfigResolver}: explicit path, then library workflow,
 * then the legacy {@code $SVC_HOME/pipeline.yaml} (deprecated), then {@code default_ml_pipeline}.
 */
package svc.library.workflow;
