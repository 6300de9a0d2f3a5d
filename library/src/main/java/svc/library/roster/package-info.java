/**
 * The agent roster: 40 agents in 7 {@link svc.library.roster.Team teams} and 3
 * {@link svc.library.roster.Tier tiers}, and the {@link svc.library.roster.ToolCatalog} their
 * tool allowlists draw from.
 *
 * <p>The roster is the asset {@code roster/agents@v1.0.0} (one YAML file, {@code agents.yaml}).
 * The hierarchy is fixed: {@code director} (team management) delegates to the seven
 * {@code <team>-coordinator}s, each of which delegates to its team's workers. Delegation tools
 * ({@code transfer_to_<agent>}) are deliberately absent from the allowlists: the actor core
 * derives them from {@link svc.library.roster.Roster#delegatesOf}, so the hierarchy is written
 * once. {@code execute_python} and {@code execute_shell} are given to very few workers, because
 * regulated templates deny them.
 */
package svc.library.roster;
