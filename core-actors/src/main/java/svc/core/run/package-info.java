/**
 * Pipeline runs. {@code RunEntity} is one event-sourced run, sharded by run id: it walks the
 * workflow graph ({@code WorkflowWalk} picks the next node; {@code WorkflowCodec} keeps the graph
 * the run started with in its first event), opens and decides approval gates ({@code Gate}),
 * counts spend and moves through the states of {@code RunState}; {@code RunInfo} is what it knows
 * in every phase and {@code RunRuntime} the ports it is given at start. {@code RunService} is what
 * callers use: it asks the entity for a single run ({@code RunView}) and the read side for lists,
 * and reports failures as {@code RunErrors}; a run starts from a {@code RunSpec}.
 */
package svc.core.run;
