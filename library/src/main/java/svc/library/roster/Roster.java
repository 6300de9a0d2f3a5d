package svc.library.roster;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import svc.library.LibraryException;
import svc.library.LibraryYaml;
import svc.library.asset.Asset;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.roster.RosterSpec.AgentSpec;

/**
 * The 40 agents in 7 teams and 3 tiers, loaded from a roster asset and checked as a whole:
 * exactly one director ({@code director}, team management), one coordinator per team
 * ({@code <team>-coordinator}, reporting to the director), the rest workers reporting to their
 * team's coordinator, unique names, and tools only from the {@link ToolCatalog}.
 */
public final class Roster {

    /** The roster the platform ships with. */
    public static final AssetRef DEFAULT_REF = AssetRef.parse("roster/agents@v1.0.0");

    public static final int AGENT_COUNT = 40;
    public static final String DIRECTOR = "director";

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final String TRANSFER_PREFIX = "transfer_to_";

    private final Map<String, Agent> byName;

    private Roster(Map<String, Agent> byName) {
        this.byName = byName;
    }

    /** The default roster from the built-in library. */
    public static Roster builtIn() {
        return load(Library.builtIn(), DEFAULT_REF);
    }

    /** Loads and validates a roster asset. */
    public static Roster load(Library library, AssetRef ref) {
        if (ref.kind() != AssetKind.ROSTER) {
            throw new LibraryException(ref + " is not a roster reference; expected roster/<name>@vX.Y.Z");
        }
        Asset asset = library.resolve(ref);
        RosterSpec spec = LibraryYaml.read(asset.openEntry(), RosterSpec.class, "roster " + asset.describeEntry());
        List<String> problems = check(spec);
        if (!problems.isEmpty()) {
            throw new LibraryException("roster " + ref + " is invalid", problems);
        }
        Map<String, Agent> byName = new LinkedHashMap<>();
        spec.agents().forEach(a -> byName.put(a.name(), toAgent(a)));
        return new Roster(byName);
    }

    public List<Agent> agents() {
        return List.copyOf(byName.values());
    }

    /**
     * @throws LibraryException naming the unknown agent
     */
    public Agent agent(String name) {
        return find(name).orElseThrow(() -> new LibraryException("no agent named '" + name + "' in the roster"));
    }

    public Optional<Agent> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Agent director() {
        return agent(DIRECTOR);
    }

    /** Every agent of a team: coordinator and workers (and the director for management). */
    public List<Agent> team(Team team) {
        return byName.values().stream().filter(a -> a.team() == team).toList();
    }

    public Agent coordinatorOf(Team team) {
        return agent(team.id() + "-coordinator");
    }

    public List<Agent> workersOf(Team team) {
        return byName.values().stream()
                .filter(a -> a.team() == team && a.tier() == Tier.WORKER)
                .toList();
    }

    /**
     * The agents this one may delegate to: the coordinators for the director, a coordinator's
     * workers, nobody for a worker. The core turns each into a {@code transfer_to_<name>} tool.
     */
    public List<Agent> delegatesOf(String name) {
        Agent agent = agent(name);
        return byName.values().stream()
                .filter(a -> a.reportsTo().filter(agent.name()::equals).isPresent())
                .toList();
    }

    private static Agent toAgent(AgentSpec a) {
        List<ToolCatalog> tools =
                a.tools().stream().map(t -> ToolCatalog.byName(t).orElseThrow()).toList();
        return new Agent(
                a.name(),
                Team.fromId(a.team()).orElseThrow(),
                Tier.fromId(a.tier()).orElseThrow(),
                a.rolePrompt().strip(),
                tools,
                a.defaultModel(),
                Optional.ofNullable(a.reportsTo()));
    }

    /** Every problem with the roster, each naming the agent it concerns. */
    static List<String> check(RosterSpec spec) {
        List<String> problems = new ArrayList<>();
        List<AgentSpec> agents = spec.agents();
        if (agents.size() != AGENT_COUNT) {
            problems.add("roster: has " + agents.size() + " agents; expected exactly " + AGENT_COUNT);
        }
        Map<String, AgentSpec> byName = new LinkedHashMap<>();
        for (int i = 0; i < agents.size(); i++) {
            AgentSpec a = agents.get(i);
            if (a == null || a.name() == null || a.name().isBlank()) {
                problems.add("agents[" + i + "]: field 'name' is missing");
            } else if (byName.putIfAbsent(a.name(), a) != null) {
                problems.add("agent '" + a.name() + "': duplicate name");
            }
        }
        byName.values().forEach(a -> checkAgent(a, byName, problems));
        checkHierarchy(byName.values(), problems);
        return problems;
    }

    private static void checkAgent(AgentSpec a, Map<String, AgentSpec> byName, List<String> problems) {
        String where = "agent '" + a.name() + "': ";
        if (!NAME.matcher(a.name()).matches()) {
            problems.add(where + "name must match [a-z][a-z0-9-]*");
        }
        Optional<Team> team = Team.fromId(a.team());
        if (team.isEmpty()) {
            problems.add(where + (a.team() == null ? "field 'team' is missing" : "unknown team '" + a.team() + "'")
                    + "; expected one of " + Team.ids());
        }
        Optional<Tier> tier = Tier.fromId(a.tier());
        if (tier.isEmpty()) {
            problems.add(where + (a.tier() == null ? "field 'tier' is missing" : "unknown tier '" + a.tier() + "'")
                    + "; expected one of " + Tier.ids());
        }
        if (a.rolePrompt() == null || a.rolePrompt().isBlank()) {
            problems.add(where + "field 'role_prompt' is missing");
        }
        if (a.defaultModel() == null || a.defaultModel().isBlank()) {
            problems.add(where + "field 'default_model' is missing");
        }
        checkTools(a, where, problems);
        if (team.isEmpty() || tier.isEmpty()) {
            return;
        }
        String expectedBoss = switch (tier.get()) {
            case DIRECTOR -> null;
            case COORDINATOR -> DIRECTOR;
            case WORKER -> team.get().id() + "-coordinator";
        };
        if (expectedBoss == null && a.reportsTo() != null) {
            problems.add(where + "the director reports to nobody, but reports_to is '" + a.reportsTo() + "'");
        } else if (expectedBoss != null && !expectedBoss.equals(a.reportsTo())) {
            problems.add(where + "a " + tier.get() + " of team " + team.get() + " must report to '" + expectedBoss
                    + "', not " + (a.reportsTo() == null ? "nobody" : "'" + a.reportsTo() + "'"));
        } else if (expectedBoss != null && !byName.containsKey(expectedBoss)) {
            problems.add(where + "reports_to '" + expectedBoss + "' is not in the roster");
        }
    }

    private static void checkTools(AgentSpec a, String where, List<String> problems) {
        if (a.tools() == null || a.tools().isEmpty()) {
            problems.add(where + "field 'tools' is missing or empty");
            return;
        }
        Set<String> seen = new HashSet<>();
        for (String tool : a.tools()) {
            if (tool != null && tool.startsWith(TRANSFER_PREFIX)) {
                problems.add(where + "tool '" + tool
                        + "' is a delegation tool; the core synthesizes those from the hierarchy");
            } else if (ToolCatalog.byName(tool).isEmpty()) {
                problems.add(where + "tool '" + tool + "' is not in the tool catalogue");
            } else if (!seen.add(tool)) {
                problems.add(where + "tool '" + tool + "' is listed twice");
            }
        }
    }

    private static void checkHierarchy(Collection<AgentSpec> agents, List<String> problems) {
        List<AgentSpec> directors =
                agents.stream().filter(a -> Tier.DIRECTOR.id().equals(a.tier())).toList();
        if (directors.size() != 1) {
            problems.add(
                    "roster: has " + directors.size() + " directors " + names(directors) + "; expected exactly one");
        }
        directors.stream()
                .filter(d -> !DIRECTOR.equals(d.name()) || !Team.MANAGEMENT.id().equals(d.team()))
                .forEach(d -> problems.add("agent '" + d.name() + "': the director must be named '" + DIRECTOR
                        + "' and belong to team management"));
        Map<Team, List<AgentSpec>> coordinators = new EnumMap<>(Team.class);
        Map<Team, Integer> workers = new EnumMap<>(Team.class);
        for (AgentSpec a : agents) {
            Optional<Team> team = Team.fromId(a.team());
            if (team.isEmpty()) {
                continue;
            }
            if (Tier.COORDINATOR.id().equals(a.tier())) {
                coordinators.computeIfAbsent(team.get(), t -> new ArrayList<>()).add(a);
                if (!a.name().equals(team.get().id() + "-coordinator")) {
                    problems.add("agent '" + a.name() + "': a coordinator of team " + team.get() + " must be named '"
                            + team.get().id() + "-coordinator'");
                }
            } else if (Tier.WORKER.id().equals(a.tier())) {
                workers.merge(team.get(), 1, Integer::sum);
            }
        }
        for (Team team : Team.values()) {
            List<AgentSpec> found = coordinators.getOrDefault(team, List.of());
            if (found.size() != 1) {
                problems.add("team " + team + ": has " + found.size() + " coordinators " + names(found)
                        + "; expected exactly one");
            }
            if (workers.getOrDefault(team, 0) == 0) {
                problems.add("team " + team + ": has no workers");
            }
        }
    }

    private static String names(List<AgentSpec> agents) {
        return agents.stream().map(AgentSpec::name).collect(Collectors.toList()).toString();
    }
}
