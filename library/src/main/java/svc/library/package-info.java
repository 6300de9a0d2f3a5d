/**
 * The versioned asset shelf of svc: workflows, the agent roster and deployment templates,
 * shipped as classpath resources and addressed by pinned references such as
 * {@code workflow/default_ml_pipeline@v1.0.0}.
 *
 * <p>Sub-packages: {@link svc.library.asset} (references, manifests, the resolver),
 * {@link svc.library.workflow} (workflow graphs, their validator and the router condition
 * language), {@link svc.library.roster} (the 40 agents and the tool catalogue) and
 * {@link svc.library.template} (deployment templates: permission rules, compliance gates,
 * guardrail and retention settings). Every loader here reports problems as a
 * {@link svc.library.LibraryException} whose message names the file, field, node or agent at fault.
 */
package svc.library;
