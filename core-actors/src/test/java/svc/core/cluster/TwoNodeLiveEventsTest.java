package svc.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;

/**
 * Two nodes in one JVM forming a cluster on loopback ports, over one database and one shared run
 * directory: every stream message of a run reaches the watchers of both nodes, each message
 * published by exactly one of them, in journal order per source and without a gap.
 */
class TwoNodeLiveEventsTest {

    @TempDir
    Path dir;

    private final List<PlatformFixture> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        // The joining node first, so the seed does not wait for it to be downed.
        for (int i = nodes.size() - 1; i >= 0; i--) {
            nodes.get(i).close();
        }
    }

    @Test
    void everyMessageOfARunReachesTheWatchersOfBothNodes() throws Exception {
        int seedPort = freePort();
        String db = "jdbc:h2:file:" + dir.resolve("db").resolve("svc") + ";DATABASE_TO_UPPER=false";
        Path runs = Files.createDirectories(dir.resolve("runs"));
        FakeToolbox tools = new FakeToolbox();
        PlatformFixture a = node("a", seedPort, seedPort, db, runs, tools);
        PlatformFixture b = node("b", freePort(), seedPort, db, runs, tools);
        a.eventually(Duration.ofSeconds(60), () -> {
            for (PlatformFixture n : List.of(a, b)) {
                var members = StreamSupport.stream(
                                Cluster.get(n.platform.system())
                                        .state()
                                        .getMembers()
                                        .spliterator(),
                                false)
                        .filter(m -> m.status().equals(MemberStatus.up()))
                        .count();
                assertThat(members).isEqualTo(2);
                assertThat(n.platform
                                .clusterLiveEvents()
                                .orElseThrow()
                                .knownNodes()
                                .toCompletableFuture()
                                .join())
                        .isEqualTo(2);
            }
        });
        ConcurrentLinkedQueue<LiveEventHub.LiveMessage> atA = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<LiveEventHub.LiveMessage> atB = new ConcurrentLinkedQueue<>();
        a.platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, atA::add);
        b.platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, atB::add);

        List<RunView> started = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            started.add((i % 2 == 0 ? a : b).startRun("fast_prototype"));
        }
        for (RunView run : started) {
            a.eventually(
                    Duration.ofSeconds(120),
                    () -> assertThat(a.view(run.runId()).state()).isIn("succeeded", "waiting_approval"));
        }
        for (RunView run : started) {
            String id = run.runId();
            a.eventually(
                    Duration.ofSeconds(30),
                    () -> assertThat(positions(atA, id, null))
                            .isEqualTo(positions(atB, id, null))
                            .isNotEmpty());
            // Each message was published by one node and relayed to the other.
            List<String> byA = keys(positions(atA, id, true));
            List<String> byB = keys(positions(atB, id, true));
            List<String> published = new ArrayList<>(byA);
            published.addAll(byB);
            Map<String, List<Long>> all = positions(atA, id, null);
            assertThat(published).containsExactlyInAnyOrderElementsOf(keys(all));
            all.forEach((source, seqs) -> {
                // One source's messages arrive in journal order, from 1, without a gap.
                List<Long> expected = new ArrayList<>();
                for (long s = 1; s <= seqs.size(); s++) {
                    expected.add(s);
                }
                assertThat(seqs).as(source).isEqualTo(expected);
            });
        }
        Set<Boolean> localities =
                atB.stream().map(LiveEventHub.LiveMessage::local).collect(Collectors.toSet());
        assertThat(localities).as("node b saw messages of both nodes").containsExactlyInAnyOrder(true, false);
    }

    /** Per source, the journal positions of a run's messages in arrival order (only local or remote ones if asked). */
    private static Map<String, List<Long>> positions(
            ConcurrentLinkedQueue<LiveEventHub.LiveMessage> got, String runId, Boolean local) {
        Map<String, List<Long>> out = new TreeMap<>();
        for (LiveEventHub.LiveMessage m : got) {
            if (m.json().path("run_id").asText().equals(runId) && (local == null || m.local() == local)) {
                out.computeIfAbsent(m.source(), k -> new ArrayList<>()).add(m.seqNr());
            }
        }
        return out;
    }

    private static List<String> keys(Map<String, List<Long>> positions) {
        List<String> keys = new ArrayList<>();
        positions.forEach((source, seqs) -> seqs.forEach(seq -> keys.add(source + "#" + seq)));
        return keys;
    }

    private PlatformFixture node(String name, int port, int seedPort, String db, Path runs, FakeToolbox tools)
            throws Exception {
        Path home = Files.createDirectories(dir.resolve(name));
        PlatformFixture fx = new PlatformFixture(home, tools);
        nodes.add(fx);
        fx.start(Map.of(
                "svc.db.url",
                db,
                "svc.cluster.seeds",
                "127.0.0.1:" + seedPort,
                "pekko.remote.artery.canonical.port",
                port,
                "svc.cron.scheduler",
                "off",
                "svc.artifact-store",
                runs.toString()));
        return fx;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
