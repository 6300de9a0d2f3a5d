package svc.library.roster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import svc.library.LibraryException;
import svc.library.LibraryYaml;
import svc.library.asset.Library;
import svc.library.roster.RosterSpec.AgentSpec;

class RosterTest {

    private final Roster roster = Roster.builtIn();

    @Test
    void fortyAgentsInSevenTeamsAndThreeTiers() {
        assertThat(roster.agents()).hasSize(40);
        assertThat(roster.agents()).extracting(Agent::team).containsOnly(Team.values());
        assertThat(roster.agents().stream().filter(a -> a.tier() == Tier.DIRECTOR))
                .singleElement()
                .satisfies(d -> {
                    assertThat(d.name()).isEqualTo("director");
                    assertThat(d.team()).isEqualTo(Team.MANAGEMENT);
                    assertThat(d.reportsTo()).isEmpty();
                });
        assertThat(roster.agents().stream().filter(a -> a.tier() == Tier.COORDINATOR))
                .hasSize(7);
        assertThat(roster.agents().stream().filter(a -> a.tier() == Tier.WORKER))
                .hasSize(32);
        assertThat(roster.agents())
                .extracting(Agent::name)
                .allMatch(n -> n.matches("[a-z][a-z0-9-]*"))
                .doesNotHaveDuplicates();
    }

    @Test
    void lookupsFollowTheHierarchy() {
        assertThat(roster.coordinatorOf(Team.EVALUATION).name()).isEqualTo("evaluation-coordinator");
        assertThat(roster.coordinatorOf(Team.EVALUATION).reportsTo()).contains("director");
        assertThat(roster.workersOf(Team.EVALUATION))
                .extracting(Agent::name)
                .contains("fairness-auditor", "drift-analyst");
        assertThat(roster.agent("leakage-detector").team()).isEqualTo(Team.DATA);
        assertThat(roster.agent("leakage-detector").reportsTo()).contains("data-coordinator");
        assertThat(roster.team(Team.MANAGEMENT)).extracting(Agent::name).contains("director", "management-coordinator");
        assertThat(roster.delegatesOf("director"))
                .extracting(Agent::name)
                .containsExactlyInAnyOrderElementsOf(EnumSet.allOf(Team.class).stream()
                        .map(t -> t.id() + "-coordinator")
                        .toList());
        assertThat(roster.delegatesOf("data-coordinator")).isEqualTo(roster.workersOf(Team.DATA));
        assertThat(roster.delegatesOf("data-profiler")).isEmpty();
        assertThatThrownBy(() -> roster.agent("ghost"))
                .isInstanceOf(LibraryException.class)
                .hasMessageContaining("'ghost'");
        int workers = 0;
        for (Team team : Team.values()) {
            workers += roster.workersOf(team).size();
            assertThat(roster.workersOf(team))
                    .as("workers of %s", team)
                    .isNotEmpty()
                    .allSatisfy(w -> assertThat(w.reportsTo()).contains(team.id() + "-coordinator"));
        }
        assertThat(workers).isEqualTo(32);
    }

    @Test
    void everyCatalogueToolIsGivenToSomeoneAndTeamToolsStayInTheirTeam() {
        Set<ToolCatalog> used =
                roster.agents().stream().flatMap(a -> a.tools().stream()).collect(Collectors.toSet());
        // search_knowledge is offered by the platform to every agent of a deployment with knowledge bases.
        assertThat(used)
                .containsExactlyInAnyOrder(Arrays.stream(ToolCatalog.values())
                        .filter(t -> t != ToolCatalog.SEARCH_KNOWLEDGE)
                        .toArray(ToolCatalog[]::new));
        for (Agent agent : roster.agents()) {
            for (ToolCatalog tool : agent.tools()) {
                tool.home()
                        .ifPresent(home -> assertThat(agent.team())
                                .as("%s uses %s", agent.name(), tool)
                                .isEqualTo(home));
            }
        }
        assertThat(roster.agents().stream().filter(a -> a.mayUse("execute_shell")))
                .extracting(Agent::name)
                .containsExactly("infra-operator");
        assertThat(roster.agents().stream().filter(a -> a.mayUse("execute_python")))
                .hasSizeLessThanOrEqualTo(3);
    }

    @Test
    void promptsAreSpecificAndNameTheAgentsOwnTools() {
        for (Agent agent : roster.agents()) {
            assertThat(agent.rolePrompt())
                    .as(agent.name())
                    .hasSizeGreaterThan(200)
                    .contains("done");
            for (ToolCatalog tool : agent.tools()) {
                assertThat(agent.rolePrompt())
                        .as("%s prompt names %s", agent.name(), tool.toolName())
                        .contains(tool.toolName());
            }
        }
        assertThat(roster.director().defaultModel()).isEqualTo("claude-sonnet-4-5");
        assertThat(roster.workersOf(Team.DATA)).allMatch(w -> w.defaultModel().equals("claude-haiku-4-5"));
    }

    @Test
    void checkReportsEveryBrokenRule() {
        List<AgentSpec> agents = new ArrayList<>(builtInSpec().agents());
        agents.remove(agents.size() - 1); // 39 agents
        agents.set(1, rename(agents.get(1), "mgmt-coordinator")); // management coordinator misnamed
        agents.set(5, withTools(agents.get(5), List.of("inspect_dataset", "transfer_to_director", "drop_table")));
        agents.set(6, withReportsTo(agents.get(6), "director"));
        agents.add(rename(agents.get(7), agents.get(8).name()));
        // 39 + 1 duplicate = 40, so the count rule holds; every other rule is broken once.
        assertThat(Roster.check(new RosterSpec(agents)))
                .containsExactlyInAnyOrder(
                        "agent 'leakage-detector': duplicate name",
                        "agent 'run-planner': reports_to 'management-coordinator' is not in the roster",
                        "agent 'budget-controller': reports_to 'management-coordinator' is not in the roster",
                        "agent 'approval-liaison': reports_to 'management-coordinator' is not in the roster",
                        "agent 'data-coordinator': tool 'transfer_to_director' is a delegation tool; the core "
                                + "synthesizes those from the hierarchy",
                        "agent 'data-coordinator': tool 'drop_table' is not in the tool catalogue",
                        "agent 'data-profiler': a worker of team data must report to 'data-coordinator', not "
                                + "'director'",
                        "agent 'mgmt-coordinator': a coordinator of team management must be named "
                                + "'management-coordinator'");
    }

    @Test
    void aSecondDirectorAndAMissingCoordinatorAreReported() {
        List<AgentSpec> agents = new ArrayList<>(builtInSpec().agents());
        AgentSpec quality = agents.stream()
                .filter(a -> a.name().equals("quality-coordinator"))
                .findFirst()
                .orElseThrow();
        agents.set(
                agents.indexOf(quality),
                new AgentSpec(
                        "chief",
                        "quality",
                        "director",
                        quality.rolePrompt(),
                        quality.tools(),
                        quality.defaultModel(),
                        null));
        assertThat(Roster.check(new RosterSpec(agents)))
                .contains(
                        "roster: has 2 directors [director, chief]; expected exactly one",
                        "agent 'chief': the director must be named 'director' and belong to team management",
                        "team quality: has 0 coordinators []; expected exactly one");
    }

    @Test
    void wrongCountIsReported() {
        List<AgentSpec> agents = new ArrayList<>(builtInSpec().agents());
        agents.remove(agents.size() - 1);
        assertThat(Roster.check(new RosterSpec(agents))).contains("roster: has 39 agents; expected exactly 40");
    }

    private static RosterSpec builtInSpec() {
        return LibraryYaml.read(Library.builtIn().resolve(Roster.DEFAULT_REF).openEntry(), RosterSpec.class, "roster");
    }

    private static AgentSpec rename(AgentSpec a, String name) {
        return new AgentSpec(name, a.team(), a.tier(), a.rolePrompt(), a.tools(), a.defaultModel(), a.reportsTo());
    }

    private static AgentSpec withTools(AgentSpec a, List<String> tools) {
        return new AgentSpec(a.name(), a.team(), a.tier(), a.rolePrompt(), tools, a.defaultModel(), a.reportsTo());
    }

    private static AgentSpec withReportsTo(AgentSpec a, String boss) {
        return new AgentSpec(a.name(), a.team(), a.tier(), a.rolePrompt(), a.tools(), a.defaultModel(), boss);
    }
}
