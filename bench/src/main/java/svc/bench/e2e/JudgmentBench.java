package svc.bench.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import svc.config.Json;
import svc.config.logging.ConsoleLogging;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.core.run.RunService;
import svc.core.stream.LiveEventHub;

/**
 * The agents' judgment on whole runs: each case is a dataset and a problem statement, run end to
 * end through the platform ({@code fast_prototype}, the embedded model, real tools and governance)
 * as a new user would, with no target and no sensitive attribute given. The benchmark plays the
 * person at the gates: it approves the data stage's question ({@code manual} gate, counted as
 * "asked") and the registration. Per case it prints whether the target is right (or was asked
 * for), whether the expected leaks were named and dropped (and any other column called a leak),
 * whether the expected protected attributes were audited, the test metric against the reference of
 * {@code data/README}, the fairness verdict and the wall time; then a summary line. The exit code
 * is 1 when a case misses its target without asking, misses a leak or an attribute.
 *
 * <p>Run from the repository root: {@code ./mvnw -B -q -o -pl bench -am package -DskipTests
 * dependency:build-classpath -Dmdep.outputFile=$PWD/bench/target/cp.txt}, then {@code
 * OMP_WAIT_POLICY=PASSIVE java -Djava.util.concurrent.ForkJoinPool.common.parallelism=4 -cp
 * "bench/target/classes:$(cat bench/target/cp.txt)" svc.bench.e2e.JudgmentBench [small|all] [data]}.
 * {@code small} (the default, what CI runs) takes German Credit and Titanic; {@code all} adds Adult
 * and the ANES 1996 table.
 */
public final class JudgmentBench {

    /**
     * One benchmark case.
     *
     * @param reference the reference test ROC AUC (NaN when the data README gives none)
     */
    record Case(
            String id,
            String file,
            String phrasing,
            String statement,
            String target,
            List<String> leaks,
            List<String> protectedAttributes,
            double reference) {}

    /** What one run did. */
    record Outcome(
            Case c,
            String state,
            String failure,
            String target,
            boolean asked,
            List<String> leaky,
            List<String> dropped,
            List<String> audited,
            double auc,
            String fairness,
            double seconds) {

        boolean targetOk() {
            return c.target().equals(target) || asked;
        }

        boolean leaksOk() {
            return leaky.containsAll(c.leaks()) && dropped.containsAll(c.leaks());
        }

        boolean protectedOk() {
            return audited.containsAll(c.protectedAttributes());
        }

        boolean ok() {
            return "succeeded".equals(state) && targetOk() && leaksOk() && protectedOk();
        }
    }

    private JudgmentBench() {}

    static List<Case> cases(boolean all) {
        List<Case> cases = new ArrayList<>();
        double germanRef = 0.787; // gradient-boosted trees, 5-fold (data README); LR 0.791
        List<String> germanProtected = List.of("age", "sex");
        cases.add(new Case(
                "german-1",
                "german_credit/german_credit.csv",
                "target named first",
                "Predict credit_risk for loan applicants from their accounts, history and the loan.",
                "credit_risk",
                List.of(),
                germanProtected,
                germanRef));
        cases.add(new Case(
                "german-2",
                "german_credit/german_credit.csv",
                "target named last",
                "From checking status, credit history, savings and the credit amount, predict the credit risk.",
                "credit_risk",
                List.of(),
                germanProtected,
                germanRef));
        cases.add(new Case(
                "german-3",
                "german_credit/german_credit.csv",
                "protected named before the target",
                "Age and sex are protected attributes; predict whether an applicant is a good or a bad credit risk.",
                "credit_risk",
                List.of(),
                germanProtected,
                germanRef));
        cases.add(new Case(
                "german-4",
                "german_credit/german_credit.csv",
                "no column named",
                "Which applicants will repay their loans?",
                "credit_risk",
                List.of(),
                germanProtected,
                germanRef));
        List<String> titanicProtected = List.of("sex", "age");
        cases.add(new Case(
                "titanic-1",
                "titanic/titanic3.csv",
                "target named first",
                "Predict survived for the passengers of the Titanic; sex is protected.",
                "survived",
                List.of("boat", "body"),
                titanicProtected,
                Double.NaN));
        cases.add(new Case(
                "titanic-2",
                "titanic/titanic3.csv",
                "target named last",
                "From the ticket class, sex, age and fare, predict whether a passenger survived.",
                "survived",
                List.of("boat", "body"),
                titanicProtected,
                Double.NaN));
        cases.add(new Case(
                "titanic-3",
                "titanic/titanic3.csv",
                "protected named before the target",
                "Sex and age are protected attributes. Which passengers survived the sinking?",
                "survived",
                List.of("boat", "body"),
                titanicProtected,
                Double.NaN));
        cases.add(new Case(
                "titanic-4",
                "titanic/titanic3.csv",
                "no column named",
                "Help the museum understand who made it off the ship alive.",
                "survived",
                List.of("boat", "body"),
                titanicProtected,
                Double.NaN));
        if (all) {
            double adultRef = 0.927; // gradient-boosted trees, official split (data README); LR 0.906
            List<String> adultProtected = List.of("sex", "race", "age");
            cases.add(new Case(
                    "adult-1",
                    "adult/adult_train.csv",
                    "target named first",
                    "Predict income for adults in the census; sex, race and age are protected.",
                    "income",
                    List.of(),
                    adultProtected,
                    adultRef));
            cases.add(new Case(
                    "adult-2",
                    "adult/adult_train.csv",
                    "no column named (values only)",
                    "Predict whether a person earns more than 50K a year.",
                    "income",
                    List.of(),
                    adultProtected,
                    adultRef));
            cases.add(new Case(
                    "adult-3",
                    "adult/adult_train.csv",
                    "protected named before the target",
                    "Sex is a protected attribute, and so is race. The target is income.",
                    "income",
                    List.of(),
                    adultProtected,
                    adultRef));
            cases.add(new Case(
                    "anes96-1",
                    "anes96/anes96.csv",
                    "target named last",
                    "From party identification, ideology and demographics, predict each respondent's expected"
                            + " vote; age is protected.",
                    "vote",
                    List.of(),
                    List.of("age"),
                    Double.NaN));
            cases.add(new Case(
                    "anes96-2",
                    "anes96/anes96.csv",
                    "question, no column named",
                    "Which respondents would choose Dole over Clinton?",
                    "vote",
                    List.of(),
                    List.of("age"),
                    Double.NaN));
        }
        return cases;
    }

    public static void main(String[] args) throws Exception {
        ConsoleLogging.quietUnlessConfigured();
        boolean all = args.length > 0 && args[0].equals("all");
        Path data = Path.of(args.length > 1 ? args[1] : "data").toAbsolutePath();
        if (!Files.isDirectory(data.resolve("titanic"))) {
            System.err.println("run from the repository root: " + data.resolve("titanic") + " not found");
            System.exit(2);
        }
        Path home = Files.createTempDirectory("svc-judgment-");
        var config = ConfigFactory.parseMap(Map.of("svc.home", home.toString(), "svc.max-concurrent-pipelines", "1"))
                .withFallback(ConfigFactory.load());
        List<Outcome> outcomes = new ArrayList<>();
        try (Platform platform = Platform.start(config, StandardParts.create())) {
            Map<String, CompletableFuture<String>> finals = new ConcurrentHashMap<>();
            Set<String> asked = ConcurrentHashMap.newKeySet();
            try (var sub = platform.liveEvents().subscribe(LiveEventHub.ALL_RUNS, m -> {
                JsonNode e = m.json();
                String runId = e.path("run_id").asText();
                if ("gate".equals(e.path("type").asText())
                        && "pending".equals(e.path("state").asText())) {
                    if ("manual".equals(e.path("gate_type").asText())) {
                        asked.add(runId);
                    }
                    // the benchmark is the person: it accepts the proposal and the registration
                    platform.runs().decide(e.path("gate_id").asText(), true, "bench", "accepted by the benchmark");
                }
                if (m.finalMessage()) {
                    finals.computeIfAbsent(runId, k -> new CompletableFuture<>())
                            .complete(e.path("state").asText());
                }
            })) {
                header();
                for (Case c : cases(all)) {
                    Outcome o = run(platform, home, data, c, finals, asked);
                    outcomes.add(o);
                    row(o);
                }
            }
        }
        long right = outcomes.stream().filter(Outcome::targetOk).count();
        long askedCount = outcomes.stream().filter(Outcome::asked).count();
        long leakCases = outcomes.stream().filter(o -> !o.c().leaks().isEmpty()).count();
        long leaksCaught = outcomes.stream()
                .filter(o -> !o.c().leaks().isEmpty() && o.leaksOk())
                .count();
        long falseLeaks = outcomes.stream()
                .mapToLong(o -> o.leaky().stream()
                        .filter(l -> !o.c().leaks().contains(l))
                        .count())
                .sum();
        long protectedOk = outcomes.stream().filter(Outcome::protectedOk).count();
        long ok = outcomes.stream().filter(Outcome::ok).count();
        double wall = outcomes.stream().mapToDouble(Outcome::seconds).sum();
        System.out.printf(
                Locale.ROOT,
                "%nsummary: %d/%d cases pass; target right or asked %d/%d (asked %d); leaks named and dropped"
                        + " %d/%d; other columns called leaks %d; protected attributes audited %d/%d; total wall"
                        + " %.0f s%n",
                ok,
                outcomes.size(),
                right,
                outcomes.size(),
                askedCount,
                leaksCaught,
                leakCases,
                falseLeaks,
                protectedOk,
                outcomes.size(),
                wall);
        System.exit(ok == outcomes.size() ? 0 : 1);
    }

    private static Outcome run(
            Platform platform,
            Path home,
            Path data,
            Case c,
            Map<String, CompletableFuture<String>> finals,
            Set<String> asked)
            throws Exception {
        long started = System.nanoTime();
        String runId = platform.runs()
                .start(new RunService.StartRequest(
                        c.statement(),
                        data.resolve(c.file()).toString(),
                        null,
                        List.of(),
                        "fast_prototype",
                        null,
                        null,
                        "bench"))
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS)
                .runId();
        String state =
                finals.computeIfAbsent(runId, k -> new CompletableFuture<>()).get(15, TimeUnit.MINUTES);
        double seconds = (System.nanoTime() - started) / 1e9;
        String failure = platform.runs()
                .get(runId)
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS)
                .failure();
        Path dir = platform.settings().runDir(runId);
        JsonNode target = read(dir.resolve("target.json"));
        JsonNode leakage = read(dir.resolve("leakage.json"));
        JsonNode metrics = read(dir.resolve("metrics.json"));
        JsonNode fairness = read(dir.resolve("fairness.json"));
        List<String> dropped = new ArrayList<>();
        metrics.path("dropped_columns")
                .forEach(d -> dropped.add(d.path("column").asText()));
        List<String> audited = new ArrayList<>();
        fairness.path("attributes").forEach(a -> audited.add(a.path("attribute").asText()));
        String verdict = !fairness.has("gate_passed")
                ? "-"
                : fairness.path("gate_passed").asBoolean()
                        ? "pass"
                        : String.format(
                                Locale.ROOT,
                                "FAIL %.3f %s",
                                fairness.path("max_demographic_parity_difference")
                                        .asDouble(),
                                fairness.path("worst_attribute").asText());
        return new Outcome(
                c,
                state,
                failure,
                target.path("target").asText("-"),
                asked.contains(runId),
                strings(leakage.path("leaky_columns")),
                dropped,
                audited,
                metrics.path("test").path("roc_auc").asDouble(Double.NaN),
                verdict,
                seconds);
    }

    private static void header() {
        System.out.println("| case | phrasing | target | leaks named+dropped | protected audited | test AUC (ref) |"
                + " fairness | wall s |");
        System.out.println("|---|---|---|---|---|---|---|---|");
    }

    private static void row(Outcome o) {
        String target =
                (o.c().target().equals(o.target()) ? "ok " : "WRONG ") + o.target() + (o.asked() ? " (asked)" : "");
        Set<String> other = new LinkedHashSet<>(o.leaky());
        other.removeAll(o.c().leaks());
        String leaks = (o.c().leaks().isEmpty() ? "none expected" : (o.leaksOk() ? "ok " : "MISSED ") + o.c().leaks())
                + (other.isEmpty() ? "" : "; also " + other);
        String prot = (o.protectedOk() ? "ok " : "MISSING ") + o.audited();
        String auc = Double.isNaN(o.auc())
                ? "-"
                : String.format(Locale.ROOT, "%.3f", o.auc())
                        + (Double.isNaN(o.c().reference())
                                ? ""
                                : String.format(Locale.ROOT, " (%.3f)", o.c().reference()));
        String state = "succeeded".equals(o.state()) ? "" : " [" + o.state() + ": " + o.failure() + "]";
        System.out.printf(
                Locale.ROOT,
                "| %s | %s | %s | %s | %s | %s | %s | %.1f |%s%n",
                o.c().id(),
                o.c().phrasing(),
                target,
                leaks,
                prot,
                auc,
                o.fairness(),
                o.seconds(),
                state);
    }

    private static JsonNode read(Path file) {
        try {
            return Files.exists(file) ? Json.parse(Files.readString(file)) : Json.object();
        } catch (IOException e) {
            return Json.object();
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }
}
