package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of {@code GET /api/v1/cluster}. */
final class ClusterSchemas {

    private ClusterSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put(
                "ClusterMember",
                Schema.object(
                        List.of("address", "status", "roles", "reachable", "self"),
                        "address",
                        Schema.string("pekko://svc@host:port"),
                        "status",
                        Schema.enumOf("joining", "weaklyup", "up", "leaving", "exiting", "down", "removed"),
                        "roles",
                        Schema.array(Schema.of("string")),
                        "up_since",
                        Schema.dateTime().orNull(),
                        "reachable",
                        Schema.of("boolean"),
                        "self",
                        Schema.of("boolean")));
        s.put(
                "ClusterShards",
                Schema.object(
                        List.of("node", "entity_type", "shards", "entities"),
                        "node",
                        Schema.of("string"),
                        "entity_type",
                        Schema.enumOf("run", "agent", "batch"),
                        "shards",
                        Schema.of("integer"),
                        "entities",
                        Schema.of("integer")));
        s.put(
                "Cluster",
                Schema.object(
                        List.of("self", "members", "singletons", "shards", "shards_unavailable"),
                        "self",
                        Schema.string("this node's address"),
                        "leader",
                        Schema.of("string").orNull(),
                        "members",
                        Schema.array(Schema.ref("ClusterMember")),
                        "singletons",
                        Schema.object(
                                List.of("admission", "approval-sweeper", "cron-scheduler"),
                                "admission",
                                Schema.of("string").orNull(),
                                "approval-sweeper",
                                Schema.of("string").orNull(),
                                "cron-scheduler",
                                Schema.of("string").orNull()),
                        "shards",
                        Schema.array(Schema.ref("ClusterShards")),
                        "shards_unavailable",
                        Schema.array(Schema.string("entity types whose statistics did not come in time")),
                        "live_event_nodes",
                        Schema.of("integer")
                                .describedAs("nodes this node's live events reach, itself included (null: one node)")
                                .orNull()));
        return s;
    }
}
