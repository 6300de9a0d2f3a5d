package svc.core.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.library.roster.Team;
import svc.library.workflow.Edge;
import svc.library.workflow.GateType;
import svc.library.workflow.Node;
import svc.library.workflow.Workflow;

/**
 * Writes a resolved workflow into the run's first event and reads it back on replay, so a run
 * always follows the graph it started with, even after the library or the customer's file
 * changed.
 */
public final class WorkflowCodec {

    private WorkflowCodec() {}

    public static String toJson(Workflow w) {
        ObjectNode root = Json.object()
                .put("name", w.name())
                .put("description", w.description())
                .put("start", w.start());
        ArrayNode nodes = root.putArray("nodes");
        for (Node n : w.nodes()) {
            ObjectNode o = nodes.addObject().put("id", n.id());
            if (n instanceof Node.Stage s) {
                o.put("type", "stage").put("team", s.team().id()).put("goal", s.goal());
                s.parallel().forEach(o.putArray("parallel")::add);
            } else if (n instanceof Node.Checkpoint c) {
                o.put("type", "checkpoint").put("gate_type", c.gateType().id());
                if (c.ttlSeconds() != null) {
                    o.put("ttl_seconds", c.ttlSeconds());
                }
                if (c.escalateAfterSeconds() != null) {
                    o.put("escalate_after_seconds", c.escalateAfterSeconds());
                }
                c.notifyChannels().forEach(o.putArray("notify_channels")::add);
            } else {
                o.put("type", "router");
            }
        }
        ArrayNode edges = root.putArray("edges");
        for (Edge e : w.edges()) {
            ObjectNode o = edges.addObject()
                    .put("source", e.source())
                    .put("target", e.target())
                    .put("priority", e.priority());
            o.set("metadata", Json.MAPPER.valueToTree(e.metadata()));
        }
        return Json.write(root);
    }

    @SuppressWarnings("unchecked")
    public static Workflow fromJson(String json) {
        JsonNode root = Json.parse(json);
        List<Node> nodes = new ArrayList<>();
        for (JsonNode n : root.path("nodes")) {
            String id = n.path("id").asText();
            switch (n.path("type").asText()) {
                case "stage" -> {
                    List<String> parallel = new ArrayList<>();
                    n.path("parallel").forEach(p -> parallel.add(p.asText()));
                    nodes.add(new Node.Stage(
                            id,
                            Team.fromId(n.path("team").asText()).orElseThrow(),
                            n.path("goal").asText(),
                            parallel));
                }
                case "checkpoint" -> {
                    List<String> channels = new ArrayList<>();
                    n.path("notify_channels").forEach(c -> channels.add(c.asText()));
                    nodes.add(new Node.Checkpoint(
                            id,
                            GateType.fromId(n.path("gate_type").asText()).orElseThrow(),
                            n.hasNonNull("ttl_seconds") ? n.get("ttl_seconds").asLong() : null,
                            n.hasNonNull("escalate_after_seconds")
                                    ? n.get("escalate_after_seconds").asLong()
                                    : null,
                            channels));
                }
                default -> nodes.add(new Node.Router(id));
            }
        }
        List<Edge> edges = new ArrayList<>();
        for (JsonNode e : root.path("edges")) {
            Map<String, Object> metadata = Json.MAPPER.convertValue(e.path("metadata"), Map.class);
            edges.add(new Edge(
                    e.path("source").asText(),
                    e.path("target").asText(),
                    e.path("priority").asInt(),
                    metadata == null ? Map.of() : metadata));
        }
        return new Workflow(
                root.path("name").asText(),
                root.path("description").asText(),
                root.path("start").asText(),
                nodes,
                edges);
    }
}
