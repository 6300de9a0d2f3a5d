package svc.bench.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import svc.config.logging.ConsoleLogging;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.stream.LiveEventHub;

/**
 * End-to-end driver: N concurrent runs of {@code fast_prototype} on German Credit with the
 * scripted model and the real ML tools, on a fresh H2 home (or {@code SVC_DB_URL}); the approval
 * the registration asks for is given at once, as an operator would. Prints runs
 * per minute, agent steps (model turns) per second, journal events per second, and the share of
 * each run's wall time spent outside tools and model calls, i.e. the platform's own overhead.
 *
 * <p>Run: {@code ./mvnw -q -B -o -pl bench -am package -DskipTests} then
 * {@code java -Djava.util.concurrent.ForkJoinPool.common.parallelism=4
 * -cp "bench/target/classes:$(cat bench/cp.txt)" svc.bench.e2e.PipelineBench 1 10 50}
 * (cp.txt from {@code ./mvnw -q -o -pl bench dependency:build-classpath -Dmdep.outputFile=cp.txt}).
 *
 * <p>Each size gets a fresh platform. {@code --warmup K} first runs K single runs on it, not
 * counted (the JIT compiles for the first tens of runs: a server that has run for a while is
 * what the figure is about); {@code --repeat R} measures each size R times on the same platform
 * and adds a median line. After each size it journals 300 events one after another from a probe
 * entity on the same journal and prints what one write in series takes, the floor under each
 * step of a run ({@code --no-journal-probe} skips it). {@code --inmem-journal} puts the agents and runs on
 * Pekko's in-memory journal instead of the database (a diagnostic, not a product setting: nothing
 * survives a crash and the read side sees nothing): what the actors' own protocol costs when a
 * write costs nothing.
 */
public final class PipelineBench {

    /** Per-run sums gathered from the live feed. */
    private static final class RunStats {
        final AtomicLong toolMs = new AtomicLong();
        final AtomicLong modelMs = new AtomicLong();
        final AtomicLong modelTurns = new AtomicLong();
        volatile long startNanos;
        volatile long endNanos;
    }

    /** What the command line asks for. */
    private record Options(List<Integer> sizes, int warmup, int repeat, boolean journalProbe, boolean inmemJournal) {

        static Options parse(String[] args) {
            List<Integer> sizes = new ArrayList<>();
            int warmup = 0;
            int repeat = 1;
            boolean journalProbe = true;
            boolean inmemJournal = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--inmem-journal" -> inmemJournal = true;
                    case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                    case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                    case "--no-journal-probe" -> journalProbe = false;
                    default -> sizes.add(Integer.parseInt(args[i]));
                }
            }
            return new Options(
                    sizes.isEmpty() ? List.of(1, 10, 50) : sizes,
                    warmup,
                    Math.max(1, repeat),
                    journalProbe,
                    inmemJournal);
        }
    }

    public static void main(String[] args) throws Exception {
        ConsoleLogging.quietUnlessConfigured();
        Options options = Options.parse(args);
        Path dataset = Path.of("data/german_credit/german_credit.csv").toAbsolutePath();
        if (!Files.exists(dataset)) {
            System.err.println("run from the repository root: " + dataset + " not found");
            System.exit(2);
        }
        System.out.printf(
                "%-5s %10s %12s %12s %14s %12s %10s%n",
                "N", "wall_s", "runs/min", "steps/s", "journal_ev/s", "overhead_%", "failed");
        for (int n : options.sizes()) {
            Path home = Files.createTempDirectory("svc-bench-");
            Map<String, String> settings = new HashMap<>(Map.of(
                    "svc.home", home.toString(), "svc.max-concurrent-pipelines", String.valueOf(Math.max(n, 1))));
            if (options.inmemJournal()) {
                settings.put("pekko.persistence.journal.plugin", "pekko.persistence.journal.inmem");
            }
            var config = ConfigFactory.parseMap(settings).withFallback(ConfigFactory.load());
            try (Platform platform = Platform.start(config, StandardParts.create())) {
                for (int i = 0; i < options.warmup(); i++) {
                    measure(platform, 1, dataset, false);
                }
                List<Double> overheads = new ArrayList<>();
                for (int i = 0; i < options.repeat(); i++) {
                    overheads.add(measure(platform, n, dataset, true));
                }
                if (overheads.size() > 1) {
                    List<Double> sorted = overheads.stream().sorted().toList();
                    System.out.printf(
                            "%-5s %10s %12s %12s %14s %12.1f %10s%n",
                            "med", "", "", "", "", sorted.get(sorted.size() / 2) * 100, "");
                }
                if (options.journalProbe()) {
                    journalProbe(platform, n);
                }
            }
        }
        System.exit(0);
    }

    /** Serial writes of one probe entity on the platform's journal, with no run going on. */
    private static void journalProbe(Platform platform, int n) throws Exception {
        int writes = 300;
        List<Long> nanos = AskPattern.<JournalProbe.Write, List<Long>>ask(
                        platform.system()
                                .systemActorOf(JournalProbe.create("n" + n), "journal-probe-" + n, Props.empty()),
                        replyTo -> new JournalProbe.Write(writes, replyTo),
                        Duration.ofMinutes(2),
                        platform.system().scheduler())
                .toCompletableFuture()
                .get(2, TimeUnit.MINUTES);
        List<Long> sorted = nanos.stream().sorted().toList();
        System.out.printf(
                "journal write in series (%d writes, no run going on): p50 %.2f ms, p90 %.2f ms, mean %.2f ms%n",
                writes,
                sorted.get(sorted.size() / 2) / 1e6,
                sorted.get(sorted.size() * 9 / 10) / 1e6,
                sorted.stream().mapToLong(Long::longValue).average().orElse(0) / 1e6);
    }

    /** Starts n runs together, waits for all, prints a line when asked; answers the mean overhead share. */
    private static double measure(Platform platform, int n, Path dataset, boolean print) throws Exception {
        Map<String, RunStats> stats = new ConcurrentHashMap<>();
        CountDownLatch finished = new CountDownLatch(n);
        AtomicLong failed = new AtomicLong();
        long journalBefore = journalEvents(platform);
        try (var sub = platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, m -> {
            record(m, stats, finished, failed);
            approveGates(platform, m);
        })) {
            long started = System.nanoTime();
            List<RunView> runs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                runs.add(platform.runs()
                        .start(new RunService.StartRequest(
                                "Predict whether a loan applicant is a good or a bad credit risk.",
                                dataset.toString(),
                                "credit_risk",
                                List.of("sex", "age"),
                                "fast_prototype",
                                null, // the default governance profile; an unknown one stops every tool (fail closed)
                                null,
                                "bench"))
                        .toCompletableFuture()
                        .get(60, TimeUnit.SECONDS));
            }
            if (!finished.await(30, TimeUnit.MINUTES)) {
                throw new IllegalStateException("runs did not finish in 30 minutes");
            }
            double wall = (System.nanoTime() - started) / 1e9;
            long journal = journalEvents(platform) - journalBefore;
            long turns =
                    stats.values().stream().mapToLong(s -> s.modelTurns.get()).sum();
            double overhead = stats.values().stream()
                    .filter(s -> s.endNanos > s.startNanos)
                    .mapToDouble(s -> {
                        double runMs = (s.endNanos - s.startNanos) / 1e6;
                        return Math.max(0, 1 - (s.toolMs.get() + s.modelMs.get()) / runMs);
                    })
                    .average()
                    .orElse(Double.NaN);
            if (print) {
                System.out.printf(
                        "%-5d %10.1f %12.1f %12.1f %14.1f %12.1f %10d%n",
                        n, wall, n / wall * 60, turns / wall, journal / wall, overhead * 100, failed.get());
            }
            return overhead;
        }
    }

    private static void record(
            LiveEventHub.LiveMessage m, Map<String, RunStats> stats, CountDownLatch finished, AtomicLong failed) {
        JsonNode e = m.json();
        RunStats s = stats.computeIfAbsent(e.path("run_id").asText(), k -> new RunStats());
        switch (e.path("type").asText()) {
            case "state" -> {
                if ("running".equals(e.path("state").asText()) && s.startNanos == 0) {
                    s.startNanos = System.nanoTime();
                }
            }
            case "tool_call", "agent_message" -> {
                if (e.has("model")) {
                    s.modelTurns.incrementAndGet();
                    s.modelMs.addAndGet(e.path("duration_ms").asLong());
                }
            }
            case "tool_result", "training_log" ->
                s.toolMs.addAndGet(e.path("duration_ms").asLong());
            default -> {}
        }
        if (m.finalMessage()) {
            s.endNanos = System.nanoTime();
            if (!"succeeded".equals(e.path("state").asText())) {
                // A failed run's time says nothing of the platform's overhead: say why it failed.
                System.err.println("run " + e.path("run_id").asText() + " ended " + e);
                failed.incrementAndGet();
            }
            finished.countDown();
        }
    }

    /** The registration asks for a person (generic template); the bench approves at once, asynchronously. */
    private static void approveGates(Platform platform, LiveEventHub.LiveMessage m) {
        JsonNode e = m.json();
        if ("gate".equals(e.path("type").asText())
                && "pending".equals(e.path("state").asText())) {
            platform.runs().decide(e.path("gate_id").asText(), true, "bench", "approved by the benchmark");
        }
    }

    private static long journalEvents(Platform platform) throws Exception {
        try (Connection c = platform.database().connection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM event_journal")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
