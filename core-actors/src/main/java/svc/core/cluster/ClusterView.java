package svc.core.cluster;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.stream.StreamSupport;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery;
import org.apache.pekko.cluster.sharding.typed.GetClusterShardingStats;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.persistence.Database;

/**
 * The cluster as this node sees it: the members with their status, roles and when each came up;
 * where the cluster singletons run; and how many shards and entities of each sharded type each
 * node hosts (from the sharding coordinator's statistics).
 *
 * <p>A singleton runs on the oldest member that is up (Pekko's rule, no roles here), so that is the
 * node named for every singleton. When each node came up is not something Pekko keeps: each node
 * writes its own moment into {@code cluster_members} when it sees itself up.
 */
public final class ClusterView {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterView.class);

    /** The cluster singletons of the platform, by their singleton names. */
    public static final List<String> SINGLETONS = List.of("admission", "approval-sweeper", "cron-scheduler");

    /** One member. {@code upSince} is null for a node that never recorded it. */
    public record MemberInfo(
            String address, String status, List<String> roles, Instant upSince, boolean reachable, boolean self) {}

    /** Shards and entities of one entity type on one node. */
    public record EntityCounts(String node, String entityType, int shards, int entities) {}

    /** Everything {@code GET /api/v1/cluster} shows. */
    public record Snapshot(
            String self,
            String leader,
            List<MemberInfo> members,
            Map<String, String> singletons,
            List<EntityCounts> shards,
            List<String> unavailable) {}

    private final ActorSystem<?> system;
    private final Database database;
    private final Executor blocking;
    private final Duration timeout;
    private final List<EntityTypeKey<?>> entityTypes;

    public ClusterView(
            ActorSystem<?> system,
            Database database,
            Executor blocking,
            Duration timeout,
            List<EntityTypeKey<?>> entityTypes) {
        this.system = system;
        this.database = database;
        this.blocking = blocking;
        this.timeout = timeout;
        this.entityTypes = List.copyOf(entityTypes);
    }

    /** Writes when this node comes up into {@code cluster_members} (started once, at wiring). */
    public static Behavior<ClusterEvent.MemberUp> recorder(Database database, Executor blocking, Clock clock) {
        return Behaviors.setup(context -> {
            Cluster cluster = Cluster.get(context.getSystem());
            cluster.subscriptions().tell(Subscribe.create(context.getSelf(), ClusterEvent.MemberUp.class));
            return Behaviors.receive(ClusterEvent.MemberUp.class)
                    .onMessage(ClusterEvent.MemberUp.class, up -> {
                        if (up.member()
                                .uniqueAddress()
                                .equals(cluster.selfMember().uniqueAddress())) {
                            String address = up.member().address().toString();
                            Instant now = clock.instant();
                            CompletableFuture.runAsync(() -> recordUp(database, address, now), blocking);
                        }
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    /** Starts the recorder under the system guardian. */
    public static void startRecorder(ActorSystem<?> system, Database database, Executor blocking) {
        system.systemActorOf(recorder(database, blocking, Clock.systemUTC()), "cluster-member-recorder", Props.empty());
    }

    private static void recordUp(Database database, String address, Instant at) {
        try (Connection c = database.connection()) {
            c.setAutoCommit(false);
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM cluster_members WHERE address = ?");
                    PreparedStatement insert =
                            c.prepareStatement("INSERT INTO cluster_members (address, up_since) VALUES (?, ?)")) {
                delete.setString(1, address);
                delete.executeUpdate();
                insert.setString(1, address);
                insert.setTimestamp(2, Timestamp.from(at));
                insert.executeUpdate();
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            LOG.warn("could not record when this node came up: {}", e.getMessage());
        }
    }

    /** How many members are up now, as this node sees it (at least 1: this node counts while it starts). */
    public static int upMembers(ActorSystem<?> system) {
        long up = StreamSupport.stream(Cluster.get(system).state().getMembers().spliterator(), false)
                .filter(m -> m.status().equals(MemberStatus.up()))
                .count();
        return (int) Math.max(1, up);
    }

    public CompletionStage<Snapshot> snapshot() {
        Cluster cluster = Cluster.get(system);
        ClusterEvent.CurrentClusterState state = cluster.state();
        Member self = cluster.selfMember();
        Set<Member> unreachable = state.getUnreachable();
        List<Member> members =
                StreamSupport.stream(state.getMembers().spliterator(), false).toList();
        String oldest = members.stream()
                .filter(m -> m.status().equals(MemberStatus.up()))
                .min((a, b) -> a.isOlderThan(b) ? -1 : b.isOlderThan(a) ? 1 : 0)
                .map(m -> m.address().toString())
                .orElse(null);
        Map<String, String> singletons = new TreeMap<>();
        SINGLETONS.forEach(name -> singletons.put(name, oldest));
        CompletionStage<Map<String, Instant>> upTimes = CompletableFuture.supplyAsync(this::upTimes, blocking);
        List<CompletionStage<List<EntityCounts>>> counts =
                entityTypes.stream().map(this::counts).toList();
        CompletableFuture<Void> all = CompletableFuture.allOf(
                counts.stream().map(CompletionStage::toCompletableFuture).toArray(CompletableFuture[]::new));
        return upTimes.thenCombineAsync(
                all,
                (times, ignored) -> {
                    List<MemberInfo> infos = members.stream()
                            .map(m -> new MemberInfo(
                                    m.address().toString(),
                                    status(m.status()),
                                    m.getRoles().stream()
                                            .filter(r -> !r.startsWith("dc-"))
                                            .sorted()
                                            .toList(),
                                    times.get(m.address().toString()),
                                    !unreachable.contains(m),
                                    m.equals(self)))
                            .toList();
                    List<EntityCounts> shards = new ArrayList<>();
                    List<String> unavailable = new ArrayList<>();
                    for (int i = 0; i < counts.size(); i++) {
                        List<EntityCounts> c =
                                counts.get(i).toCompletableFuture().join();
                        if (c == null) {
                            unavailable.add(entityTypes.get(i).name());
                        } else {
                            shards.addAll(c);
                        }
                    }
                    shards.sort(Comparator.comparing(EntityCounts::node).thenComparing(EntityCounts::entityType));
                    return new Snapshot(
                            self.address().toString(),
                            state.getLeader() == null ? null : state.getLeader().toString(),
                            infos,
                            singletons,
                            shards,
                            unavailable);
                },
                system.executionContext());
    }

    /** Per node, shards and entities of one type; null when the coordinator did not answer in time. */
    private CompletionStage<List<EntityCounts>> counts(EntityTypeKey<?> type) {
        return AskPattern.<ClusterShardingQuery, ShardRegion.ClusterShardingStats>ask(
                        ClusterSharding.get(system).shardState(),
                        replyTo -> new GetClusterShardingStats(type, timeout, replyTo),
                        timeout.plusSeconds(1),
                        system.scheduler())
                .<List<EntityCounts>>handleAsync(
                        (stats, failure) -> {
                            if (stats == null) {
                                return null;
                            }
                            List<EntityCounts> out = new ArrayList<>();
                            stats.getRegions().forEach((address, region) -> {
                                int entities = region.getStats().values().stream()
                                        .mapToInt(n -> ((Number) n).intValue())
                                        .sum();
                                out.add(new EntityCounts(
                                        address.toString(),
                                        type.name(),
                                        region.getStats().size(),
                                        entities));
                            });
                            return out;
                        },
                        system.executionContext());
    }

    private Map<String, Instant> upTimes() {
        Map<String, Instant> times = new HashMap<>();
        try (Connection c = database.connection();
                PreparedStatement ps = c.prepareStatement("SELECT address, up_since FROM cluster_members");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                times.put(rs.getString(1), rs.getTimestamp(2).toInstant());
            }
        } catch (SQLException e) {
            LOG.warn("could not read when the nodes came up: {}", e.getMessage());
        }
        return times;
    }

    private static String status(MemberStatus status) {
        return status.toString().toLowerCase(Locale.ROOT);
    }
}
