package svc.library.workflow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import svc.library.roster.Agent;
import svc.library.roster.Roster;
import svc.library.roster.Team;
import svc.library.workflow.WorkflowSpec.EdgeSpec;
import svc.library.workflow.WorkflowSpec.NodeSpec;

/**
 * Checks a {@link WorkflowSpec} and reports every problem at once, each naming the node or
 * edge it concerns ({@code node 'evaluate': ...}, {@code edge fairness_router -> quality: ...}).
 *
 * <p>An empty list means the graph is safe for the director to walk: it cannot reference a node
 * that does not exist, strand a node, stall at a router with no way out, or loop forever.
 */
public final class WorkflowValidator {

    static final Pattern NODE_ID = Pattern.compile("[a-z][a-z0-9_-]*");
    private static final Pattern AGENT_NAME = Pattern.compile("[a-z][a-z0-9-]*");
    private static final String STAGE = "stage";
    private static final String ROUTER = "router";
    private static final String CHECKPOINT = "checkpoint";

    private final Optional<Roster> roster;

    private WorkflowValidator(Optional<Roster> roster) {
        this.roster = roster;
    }

    /** Checks the graph on its own. */
    public static List<String> validate(WorkflowSpec spec) {
        return new WorkflowValidator(Optional.empty()).check(spec);
    }

    /** Checks the graph and also that every {@code parallel} agent is a member of its stage's team. */
    public static List<String> validate(WorkflowSpec spec, Roster roster) {
        return new WorkflowValidator(Optional.of(roster)).check(spec);
    }

    private List<String> check(WorkflowSpec spec) {
        List<String> problems = new ArrayList<>();
        if (blank(spec.name())) {
            problems.add("workflow: field 'name' is missing");
        }
        if (blank(spec.description())) {
            problems.add("workflow: field 'description' is missing");
        }
        if (spec.nodes().isEmpty()) {
            problems.add("workflow: field 'nodes' is missing or empty");
        }
        Map<String, NodeSpec> nodes = checkNodes(spec.nodes(), problems);
        if (blank(spec.start())) {
            problems.add("workflow: field 'start' is missing");
        } else if (!nodes.containsKey(spec.start())) {
            problems.add("workflow: start node '" + spec.start() + "' is not a node; nodes are " + nodes.keySet());
        }
        List<EdgeSpec> edges = checkEdges(spec.edges(), nodes, problems);
        checkRouters(nodes, edges, problems);
        if (nodes.containsKey(spec.start())) {
            checkReachable(spec.start(), nodes, edges, problems);
        }
        checkUnboundedCycles(nodes, edges, problems);
        if (!nodes.isEmpty()
                && nodes.keySet().stream()
                        .allMatch(id -> edges.stream().anyMatch(e -> e.source().equals(id)))) {
            problems.add(
                    "workflow: no end node; the run ends at a node without outgoing edges, and every node has one");
        }
        return problems;
    }

    /** Returns the nodes with a usable id, first occurrence winning. */
    private Map<String, NodeSpec> checkNodes(List<NodeSpec> specs, List<String> problems) {
        Map<String, NodeSpec> byId = new LinkedHashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            NodeSpec node = specs.get(i);
            if (node == null || blank(node.id())) {
                problems.add("nodes[" + i + "]: field 'id' is missing");
                continue;
            }
            String where = "node '" + node.id() + "': ";
            if (!NODE_ID.matcher(node.id()).matches()) {
                problems.add(where + "id must match [a-z][a-z0-9_-]*");
            }
            if (byId.putIfAbsent(node.id(), node) != null) {
                problems.add(where + "duplicate node id (also nodes[" + indexOf(specs, node.id()) + "])");
                continue;
            }
            checkNodeFields(node, where, problems);
        }
        return byId;
    }

    private void checkNodeFields(NodeSpec node, String where, List<String> problems) {
        if (blank(node.type())) {
            problems.add(where + "field 'type' is missing; expected stage, router or checkpoint");
            return;
        }
        switch (node.type()) {
            case STAGE -> checkStage(node, where, problems);
            case CHECKPOINT -> checkCheckpoint(node, where, problems);
            case ROUTER -> {}
            default -> {
                problems.add(where + "unknown type '" + node.type() + "'; expected stage, router or checkpoint");
                return;
            }
        }
        if (!node.type().equals(STAGE)) {
            onlyFor(node.team(), "team", STAGE, where, problems);
            onlyFor(node.goal(), "goal", STAGE, where, problems);
            onlyFor(node.parallel(), "parallel", STAGE, where, problems);
        }
        if (!node.type().equals(CHECKPOINT)) {
            onlyFor(node.gateType(), "gate_type", CHECKPOINT, where, problems);
            onlyFor(node.ttlSeconds(), "ttl_seconds", CHECKPOINT, where, problems);
            onlyFor(node.escalateAfterSeconds(), "escalate_after_seconds", CHECKPOINT, where, problems);
            onlyFor(node.notifyChannels(), "notify_channels", CHECKPOINT, where, problems);
        }
    }

    private void checkStage(NodeSpec node, String where, List<String> problems) {
        Optional<Team> team = Optional.empty();
        if (blank(node.team())) {
            problems.add(where + "field 'team' is missing; expected one of " + Team.ids());
        } else {
            team = Team.fromId(node.team());
            if (team.isEmpty()) {
                problems.add(where + "unknown team '" + node.team() + "'; expected one of " + Team.ids());
            }
        }
        if (blank(node.goal())) {
            problems.add(where + "field 'goal' is missing (the instruction handed to the team coordinator)");
        }
        if (node.parallel() == null) {
            return;
        }
        if (node.parallel().size() < 2) {
            problems.add(where + "'parallel' lists " + node.parallel().size()
                    + " agent(s); parallel research needs at least 2");
        }
        Set<String> seen = new HashSet<>();
        for (String agent : node.parallel()) {
            if (agent == null || !AGENT_NAME.matcher(agent).matches()) {
                problems.add(where + "parallel agent '" + agent + "' is not an agent name ([a-z][a-z0-9-]*)");
            } else if (!seen.add(agent)) {
                problems.add(where + "parallel agent '" + agent + "' is listed twice");
            } else if (roster.isPresent() && team.isPresent()) {
                Optional<Agent> known = roster.get().find(agent);
                if (known.isEmpty()) {
                    problems.add(where + "parallel agent '" + agent + "' is not in the roster");
                } else if (known.get().team() != team.get()) {
                    problems.add(where + "parallel agent '" + agent + "' belongs to team "
                            + known.get().team() + ", not to the stage's team " + team.get());
                }
            }
        }
    }

    private static void checkCheckpoint(NodeSpec node, String where, List<String> problems) {
        if (blank(node.gateType())) {
            problems.add(where + "field 'gate_type' is missing; expected one of " + GateType.ids());
        } else if (GateType.fromId(node.gateType()).isEmpty()) {
            problems.add(where + "unknown gate type '" + node.gateType() + "'; expected one of " + GateType.ids());
        }
        positive(node.ttlSeconds(), "ttl_seconds", where, problems);
        positive(node.escalateAfterSeconds(), "escalate_after_seconds", where, problems);
        if (node.ttlSeconds() != null
                && node.escalateAfterSeconds() != null
                && node.escalateAfterSeconds() >= node.ttlSeconds()) {
            problems.add(where + "escalate_after_seconds (" + node.escalateAfterSeconds()
                    + ") must be less than ttl_seconds (" + node.ttlSeconds()
                    + "), or the gate expires before it escalates");
        }
        if (node.notifyChannels() != null && node.notifyChannels().stream().anyMatch(WorkflowValidator::blank)) {
            problems.add(where + "notify_channels has a blank entry");
        } else if (node.notifyChannels() != null) {
            node.notifyChannels().stream()
                    .map(NotifyChannel::problem)
                    .flatMap(Optional::stream)
                    .forEach(p -> problems.add(where + p));
        }
    }

    /** Returns the edges whose both ends are known nodes. */
    private static List<EdgeSpec> checkEdges(List<EdgeSpec> specs, Map<String, NodeSpec> nodes, List<String> problems) {
        List<EdgeSpec> usable = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < specs.size(); i++) {
            EdgeSpec edge = specs.get(i);
            if (edge == null || blank(edge.source()) || blank(edge.target())) {
                problems.add("edges[" + i + "]: fields 'source' and 'target' are required");
                continue;
            }
            String where = edge.label() + ": ";
            boolean known = true;
            for (String end : List.of(edge.source(), edge.target())) {
                if (!nodes.containsKey(end)) {
                    problems.add(where + "unknown node '" + end + "'");
                    known = false;
                }
            }
            if (!seen.add(edge.source() + "\u0000" + edge.target())) {
                problems.add(where + "duplicate edge");
            }
            Map<String, Object> meta = edge.metadata();
            Object max = meta.get(Edge.MAX_ITERATIONS);
            if (max != null && !(max instanceof Integer n && n > 0)) {
                problems.add(where + "metadata.max_iterations must be a positive integer, not '" + max + "'");
            }
            Object isDefault = meta.get(Edge.DEFAULT);
            if (isDefault != null && !(isDefault instanceof Boolean)) {
                problems.add(where + "metadata.default must be true or false, not '" + isDefault + "'");
            }
            Object condition = meta.get(Edge.CONDITION);
            if (condition != null) {
                try {
                    Condition.parse(String.valueOf(condition));
                } catch (ConditionException e) {
                    problems.add(where + e.getMessage());
                }
            }
            boolean fromRouter = known && ROUTER.equals(nodes.get(edge.source()).type());
            if (known && !fromRouter && (condition != null || isDefault != null)) {
                problems.add(where + "only edges leaving a router carry metadata.condition or metadata.default");
            }
            if (known) {
                usable.add(edge);
            }
        }
        return usable;
    }

    private static void checkRouters(Map<String, NodeSpec> nodes, List<EdgeSpec> edges, List<String> problems) {
        nodes.values().stream().filter(n -> ROUTER.equals(n.type())).forEach(router -> {
            String where = "node '" + router.id() + "': ";
            List<EdgeSpec> out =
                    edges.stream().filter(e -> e.source().equals(router.id())).collect(Collectors.toList());
            long defaults = out.stream()
                    .filter(e -> Boolean.TRUE.equals(e.metadata().get(Edge.DEFAULT)))
                    .count();
            if (out.isEmpty()) {
                problems.add(where + "router has no outgoing edges");
                return;
            }
            if (defaults == 0) {
                problems.add(where
                        + "router has no default edge; mark exactly one outgoing edge with metadata.default: true");
            } else if (defaults > 1) {
                problems.add(where + "router has " + defaults
                        + " default edges; exactly one may carry metadata.default: true");
            }
            for (EdgeSpec e : out) {
                boolean isDefault = Boolean.TRUE.equals(e.metadata().get(Edge.DEFAULT));
                if (!isDefault && e.metadata().get(Edge.CONDITION) == null) {
                    problems.add(e.label() + ": router edge has neither metadata.condition nor metadata.default: true");
                }
            }
        });
    }

    private static void checkReachable(
            String start, Map<String, NodeSpec> nodes, List<EdgeSpec> edges, List<String> problems) {
        Set<String> reached = new HashSet<>(Set.of(start));
        Deque<String> todo = new ArrayDeque<>(List.of(start));
        while (!todo.isEmpty()) {
            String at = todo.pop();
            edges.stream()
                    .filter(e -> e.source().equals(at))
                    .map(EdgeSpec::target)
                    .filter(reached::add)
                    .forEach(todo::push);
        }
        nodes.keySet().stream()
                .filter(id -> !reached.contains(id))
                .forEach(id -> problems.add("node '" + id + "': unreachable from start node '" + start + "'"));
    }

    /**
     * A cycle is bounded when one of its edges has {@code max_iterations}. So an unbounded cycle
     * exists exactly when the graph still has a cycle after removing every bounded edge; each
     * strongly connected component of that remaining graph with a loop in it is reported.
     */
    private static void checkUnboundedCycles(Map<String, NodeSpec> nodes, List<EdgeSpec> edges, List<String> problems) {
        Map<String, List<String>> unbounded = new LinkedHashMap<>();
        nodes.keySet().forEach(id -> unbounded.put(id, new ArrayList<>()));
        edges.stream()
                .filter(e -> e.metadata().get(Edge.MAX_ITERATIONS) == null)
                .forEach(e -> unbounded.get(e.source()).add(e.target()));
        for (List<String> component : new StronglyConnected(unbounded).components()) {
            String first = component.get(0);
            if (component.size() > 1 || unbounded.get(first).contains(first)) {
                problems.add("node '" + first + "': cycle through " + String.join(" -> ", component)
                        + " has no bound; give one of its edges metadata.max_iterations");
            }
        }
    }

    private static void onlyFor(Object value, String field, String type, String where, List<String> problems) {
        if (value != null) {
            problems.add(where + "field '" + field + "' only applies to " + type + " nodes");
        }
    }

    private static void positive(Long value, String field, String where, List<String> problems) {
        if (value != null && value <= 0) {
            problems.add(where + field + " must be positive, not " + value);
        }
    }

    private static int indexOf(List<NodeSpec> specs, String id) {
        for (int i = 0; i < specs.size(); i++) {
            if (specs.get(i) != null && id.equals(specs.get(i).id())) {
                return i;
            }
        }
        return -1;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** Tarjan's algorithm; workflows have tens of nodes, so recursion depth is no concern. */
    private static final class StronglyConnected {
        private final Map<String, List<String>> graph;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new HashSet<>();
        private final List<List<String>> components = new ArrayList<>();

        StronglyConnected(Map<String, List<String>> graph) {
            this.graph = graph;
        }

        List<List<String>> components() {
            graph.keySet().stream().filter(v -> !index.containsKey(v)).forEach(this::visit);
            return components;
        }

        private void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.push(v);
            onStack.add(v);
            for (String w : graph.get(v)) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> component = new LinkedHashSet<>();
                String w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                List<String> ordered = new ArrayList<>(component);
                Collections.reverse(ordered);
                components.add(ordered);
            }
        }
    }
}
