package svc.core.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Json;
import svc.core.run.PruneNote;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.library.template.Retention;

/**
 * Retention against a real platform (H2 journal, projections, files) with a time the test moves:
 * a run under {@code generic_ml} (conversations 90 days, run events and audit PDFs 365) and one
 * under {@code bfsi_baseline} (2555 for all) end at once; each sweep deletes only what is older
 * than its class, logs and counts each deletion, and the pruned run stays readable, also after
 * a restart, when it comes back from its snapshot. Predictions go by their model's run profile.
 */
class RetentionSweepTest {

    private static final Map<String, Object> NO_SCHEDULER = Map.of("svc.cron.scheduler", "off");

    @TempDir
    Path home;

    private PlatformFixture fx;
    private final Map<String, AtomicLong> counted = new ConcurrentHashMap<>();

    @AfterEach
    void stop() {
        fx.close();
    }

    @Test
    void eachSweepDeletesOnlyWhatIsOlderThanItsClassLogsItAndTheRunStaysReadable() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        start();
        RunView generic = finishedRun(null);
        RunView bfsi = finishedRun("bfsi_baseline");
        Instant ended = latest(generic.updatedAt(), bfsi.updatedAt());
        List<String> genericConversations = conversationFiles(generic.runId());
        assertThat(genericConversations).contains("index.json").hasSizeGreaterThan(3);

        SweepReport early = sweep(ended.plus(Duration.ofDays(89)), false);
        assertThat(early.deletions()).isEmpty();
        assertThat(early.failures()).isEmpty();

        SweepReport dry = sweep(ended.plus(Duration.ofDays(91)), true);
        assertThat(dry.totals()).containsOnlyKeys("conversations", "agent_events");
        assertThat(conversationFiles(generic.runId())).isEqualTo(genericConversations);
        assertThat(home.resolve("retention_log.json")).doesNotExist();
        assertThat(counted).isEmpty();

        // Day 91: the generic run's conversations (files and the agents' journals) go; nothing else.
        SweepReport day91 = sweep(ended.plus(Duration.ofDays(91)), false);
        assertThat(day91.failures()).isEmpty();
        assertThat(day91.deletions()).allSatisfy(d -> {
            assertThat(d.runId()).isEqualTo(generic.runId());
            assertThat(d.retentionClass()).isEqualTo("conversations_days");
            assertThat(d.days()).isEqualTo(90);
            assertThat(d.ageDays()).isGreaterThan(90);
        });
        assertThat(day91.deletions())
                .filteredOn(d -> d.artefactKind().equals("conversations"))
                .extracting(Deletion::path)
                .containsExactlyInAnyOrderElementsOf(genericConversations.stream()
                        .map(f -> generic.runId() + "/conversations/" + f)
                        .toList());
        assertThat(fx.runDir(generic.runId()).resolve("conversations")).doesNotExist();
        assertThat(journalRows("agent|" + generic.runId() + "|%")).isZero();
        assertThat(journalRows("agent|" + bfsi.runId() + "|%")).isPositive();
        assertThat(conversationFiles(bfsi.runId())).isNotEmpty();
        assertThat(fx.runDir(generic.runId()).resolve("audit.pdf")).exists();
        assertThat(kinds(fx.view(generic.runId()))).containsExactly("agent_events", "conversations");
        assertThat(logLines()).hasSize(day91.deletions().size());
        assertThat(counted.get("conversations").get()).isEqualTo(genericConversations.size());

        // Day 366: the generic run's audit PDF and its own events; the BFSI run keeps everything.
        // The run's events so far, and the note of its audit PDF that this sweep writes first.
        long runEvents = journalRows("run|" + generic.runId()) + 1;
        long bfsiEvents = journalRows("run|" + bfsi.runId());
        SweepReport day366 = sweep(ended.plus(Duration.ofDays(366)), false);
        assertThat(day366.failures()).isEmpty();
        assertThat(day366.totals())
                .containsExactlyInAnyOrderEntriesOf(Map.of("audit_pdfs", 4L, "run_events", runEvents));
        assertThat(day366.deletions()).allSatisfy(d -> assertThat(d.runId()).isEqualTo(generic.runId()));
        assertThat(fx.runDir(generic.runId()).resolve("audit.pdf")).doesNotExist();
        assertThat(fx.runDir(generic.runId()).resolve("audit.pdf.sig")).doesNotExist();
        assertThat(fx.runDir(bfsi.runId()).resolve("audit.pdf")).exists();
        // The run's snapshot's own event stays, marked deleted (so sequence numbers never restart).
        assertThat(journalRows("run|" + generic.runId())).isEqualTo(1);
        assertThat(journalRows("run|" + bfsi.runId())).isEqualTo(bfsiEvents);
        RunView pruned = fx.view(generic.runId());
        assertReadable(pruned, generic);
        assertThat(kinds(pruned)).containsExactly("agent_events", "audit_pdfs", "conversations", "run_events");
        assertThat(pruned.pruned())
                .filteredOn(n -> n.kind().equals("run_events"))
                .singleElement()
                .satisfies(n -> {
                    assertThat(n.at()).isEqualTo(ended.plus(Duration.ofDays(366)));
                    assertThat(n.detail()).startsWith(runEvents + " journal event(s)");
                });
        List<JsonNode> log = logLines();
        assertThat(log).hasSize(day91.deletions().size() + day366.deletions().size());
        JsonNode line = log.stream()
                .filter(l -> l.path("artefact_kind").asText().equals("run_events"))
                .findFirst()
                .orElseThrow();
        assertThat(line.path("run_id").asText()).isEqualTo(generic.runId());
        assertThat(line.path("class").asText()).isEqualTo("run_events_days");
        assertThat(line.path("days").asInt()).isEqualTo(365);
        assertThat(line.path("age_days").asDouble()).isGreaterThan(365);
        assertThat(line.path("rows").asText()).isEqualTo("run|" + generic.runId());
        assertThat(line.path("count").asLong()).isEqualTo(runEvents);
        assertThat(Instant.parse(line.path("when").asText())).isEqualTo(ended.plus(Duration.ofDays(366)));
        assertThat(counted.get("run_events").get()).isEqualTo(runEvents);

        // Nothing is left to delete: the same sweep again deletes nothing.
        assertThat(sweep(ended.plus(Duration.ofDays(366)), false).deletions()).isEmpty();

        // After a restart the pruned run comes back from its snapshot alone.
        fx.stop();
        start();
        assertReadable(fx.view(generic.runId()), generic);
        assertThat(kinds(fx.view(generic.runId())))
                .containsExactly("agent_events", "audit_pdfs", "conversations", "run_events");

        // Day 2556: the BFSI run's turn.
        SweepReport bfsiDue = sweep(ended.plus(Duration.ofDays(2556)), false);
        assertThat(bfsiDue.failures()).isEmpty();
        assertThat(bfsiDue.totals()).containsOnlyKeys("conversations", "agent_events", "audit_pdfs", "run_events");
        assertThat(bfsiDue.deletions()).allSatisfy(d -> {
            assertThat(d.runId()).isEqualTo(bfsi.runId());
            assertThat(d.days()).isEqualTo(2555);
        });
        assertReadable(fx.view(bfsi.runId()), bfsi);
    }

    @Test
    void theDeploymentsOverridesApplyToRunsUnderItsTemplate() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        start();
        RunView generic = finishedRun(null);
        Instant day91 = generic.updatedAt().plus(Duration.ofDays(91));
        // A generic_ml deployment that keeps conversations ten years: the same run keeps its files.
        RetentionSweep deployment = RetentionSweep.standard(
                RetentionPolicy.of("generic_ml", "generic_ml", new Retention(3650, 365, 365, 30)),
                fx.platform.database(),
                fx.platform.runs(),
                home,
                fx.platform.files(),
                ml());
        assertThat(deployment.sweepNow(day91, false).deletions()).isEmpty();
        assertThat(conversationFiles(generic.runId())).isNotEmpty();
        assertThat(sweep(day91, false).totals()).containsOnlyKeys("conversations", "agent_events");
    }

    @Test
    void predictionsGoByTheDaysOfTheirModelsRunProfile() throws Exception {
        fx = new PlatformFixture(home, new FakeToolbox());
        start();
        RunView bfsi = finishedRun("bfsi_baseline");
        Instant t0 = Instant.parse("2026-03-01T00:00:00Z");
        // A deployment of the BFSI run's model, and one whose model came from no known run.
        deployment("dep-bfsi", bfsi.runId(), t0);
        deployment("dep-loose", null, t0);
        for (String dep : List.of("dep-bfsi", "dep-loose")) {
            shadow(dep, "r-old", t0);
            shadow(dep, "r-new", t0.plus(Duration.ofDays(20)));
            served(dep, "r-old", t0);
        }

        // Day 35: past the default profile's 30 days for the loose deployment's oldest rows only.
        SweepReport day35 = sweep(t0.plus(Duration.ofDays(35)), false);
        assertThat(day35.failures()).isEmpty();
        assertThat(day35.deletions())
                .filteredOn(d -> d.artefactKind().endsWith("_predictions"))
                .satisfiesExactlyInAnyOrder(
                        d -> {
                            assertThat(d.artefactKind()).isEqualTo("shadow_predictions");
                            assertThat(d.rows()).isEqualTo("shadow_predictions deployment_id=dep-loose");
                            assertThat(d.count()).isEqualTo(1);
                            assertThat(d.days()).isEqualTo(30);
                            assertThat(d.ageDays()).isEqualTo(35.0);
                            assertThat(d.runId()).isNull();
                        },
                        d -> {
                            assertThat(d.artefactKind()).isEqualTo("served_predictions");
                            assertThat(d.count()).isEqualTo(1);
                        });
        assertThat(rows("shadow_predictions", "dep-loose")).isEqualTo(1);
        assertThat(rows("shadow_predictions", "dep-bfsi")).isEqualTo(2);
        assertThat(counted.get("shadow_predictions").get()).isEqualTo(1);

        // Past the BFSI run's 2555 days, its deployment's rows go too.
        SweepReport later = sweep(t0.plus(Duration.ofDays(2600)), false);
        assertThat(later.deletions())
                .filteredOn(d -> d.artefactKind().equals("shadow_predictions"))
                .extracting(Deletion::runId, Deletion::days, Deletion::count)
                .containsExactlyInAnyOrder(tuple(bfsi.runId(), 2555, 2L), tuple(null, 30, 1L));
        assertThat(rows("shadow_predictions", "dep-bfsi")).isZero();
        assertThat(rows("served_predictions", "dep-bfsi")).isZero();
    }

    // ---- helpers --------------------------------------------------------------------------

    private void deployment(String id, String runId, Instant at) throws Exception {
        update(
                "INSERT INTO deployments (deployment_id, model_name, model_id, run_id, state, traffic_pct,"
                        + " created_at, updated_at) VALUES (?, 'credit', 'm-1', ?, 'live', 100, ?, ?)",
                id,
                runId,
                at,
                at);
    }

    private void shadow(String deployment, String request, Instant at) throws Exception {
        update(
                "INSERT INTO shadow_predictions (request_id, model_name, deployment_id, model_id,"
                        + " served_deployment_id, predicted, served_predicted, agreed, created_at)"
                        + " VALUES (?, 'credit', ?, 'm-2', 'dep-champion', 'good', 'good', TRUE, ?)",
                request,
                deployment,
                at);
    }

    private void served(String deployment, String request, Instant at) throws Exception {
        update(
                "INSERT INTO served_predictions (request_id, model_name, deployment_id, model_id, row_count,"
                        + " predicted, created_at) VALUES (?, 'credit', ?, 'm-1', 1, 'good', ?)",
                request,
                deployment,
                at);
    }

    private void update(String sql, Object... values) throws Exception {
        try (Connection c = fx.platform.database().connection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] instanceof Instant t) {
                    ps.setTimestamp(i + 1, Timestamp.from(t));
                } else {
                    ps.setObject(i + 1, values[i]);
                }
            }
            ps.executeUpdate();
        }
    }

    private long rows(String table, String deployment) throws Exception {
        try (Connection c = fx.platform.database().connection();
                PreparedStatement ps =
                        c.prepareStatement("SELECT COUNT(*) FROM " + table + " WHERE deployment_id = ?")) {
            ps.setString(1, deployment);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private void start() {
        fx.start(NO_SCHEDULER);
        fx.platform
                .retention()
                .listen(d -> counted.computeIfAbsent(d.artefactKind(), k -> new AtomicLong())
                        .addAndGet(d.count()));
    }

    private SweepReport sweep(Instant at, boolean dryRun) {
        return fx.platform.retention().sweepNow(at, dryRun);
    }

    /** A fast_prototype run that succeeded, with its conversation files, an audit PDF and its sidecars. */
    private RunView finishedRun(String profile) throws Exception {
        RunView run = fx.startRun(new RunService.StartRequest(
                "Predict y from x.",
                fx.dataset.toString(),
                null,
                List.of(),
                "fast_prototype",
                profile,
                null,
                "tester"));
        fx.awaitState(run.runId(), "succeeded");
        Path dir = fx.runDir(run.runId());
        fx.eventually(Duration.ofSeconds(30), () -> {
            assertThat(dir.resolve("conversations").resolve("index.json")).exists();
            assertThat(fx.platform
                            .runs()
                            .list("succeeded", 100, 0)
                            .toCompletableFuture()
                            .join()
                            .items())
                    .anyMatch(r -> r.runId().equals(run.runId()));
        });
        for (String name : List.of("audit.pdf", "audit.pdf.sig", "audit.pdf.pem", "audit.pdf.receipt.json")) {
            Files.writeString(dir.resolve(name), name);
        }
        return fx.view(run.runId());
    }

    private static void assertReadable(RunView pruned, RunView before) {
        assertThat(pruned.state()).isEqualTo(before.state());
        assertThat(pruned.problem()).isEqualTo(before.problem());
        assertThat(pruned.profile()).isEqualTo(before.profile());
        assertThat(pruned.createdAt()).isEqualTo(before.createdAt());
        assertThat(pruned.updatedAt()).isEqualTo(before.updatedAt());
        assertThat(pruned.costUsd()).isEqualTo(before.costUsd());
        assertThat(pruned.facts()).isEqualTo(before.facts());
    }

    private static List<String> kinds(RunView view) {
        return view.pruned().stream().map(PruneNote::kind).toList();
    }

    private List<String> conversationFiles(String runId) throws Exception {
        Path dir = fx.runDir(runId).resolve("conversations");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private List<JsonNode> logLines() throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(home.resolve("retention_log.json"))) {
            out.add(Json.parse(line));
        }
        return out;
    }

    private long journalRows(String persistenceIdPattern) throws Exception {
        try (Connection c = fx.platform.database().connection();
                PreparedStatement ps =
                        c.prepareStatement("SELECT COUNT(*) FROM event_journal WHERE persistence_id LIKE ?")) {
            ps.setString(1, persistenceIdPattern);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private Executor ml() {
        return fx.platform.system().dispatchers().lookup(DispatcherSelector.fromConfig("svc.ml-dispatcher"));
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
