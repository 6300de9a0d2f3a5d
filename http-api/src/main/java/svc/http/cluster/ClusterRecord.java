package svc.http.cluster;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import svc.core.cluster.ClusterView;

/** {@code GET /api/v1/cluster}'s answer. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record ClusterRecord(
        String self,
        String leader,
        List<Member> members,
        Map<String, String> singletons,
        List<Shards> shards,
        List<String> shardsUnavailable,
        Integer liveEventNodes) {

    /** One node of the cluster. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Member(
            String address, String status, List<String> roles, Instant upSince, boolean reachable, boolean self) {}

    /** Shards and entities of one entity type hosted by one node. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Shards(String node, String entityType, int shards, int entities) {}

    static ClusterRecord of(ClusterView.Snapshot s, Integer liveEventNodes) {
        return new ClusterRecord(
                s.self(),
                s.leader(),
                s.members().stream()
                        .map(m -> new Member(m.address(), m.status(), m.roles(), m.upSince(), m.reachable(), m.self()))
                        .toList(),
                s.singletons(),
                s.shards().stream()
                        .map(c -> new Shards(c.node(), c.entityType(), c.shards(), c.entities()))
                        .toList(),
                s.unavailable(),
                liveEventNodes);
    }
}
