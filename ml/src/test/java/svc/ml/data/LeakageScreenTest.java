package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The leakage screen on tables built here, each with one kind of leak planted beside honest
 * features: a presence that gives the class away, a dominant feature with and without a
 * post-outcome meaning, identifiers, row order, and the statement's own word.
 */
class LeakageScreenTest {

    static final int N = 800;

    /** Outcome ~30% positive; two honest, weak features; an identifier in random order. */
    static List<Column> honest(Random r, boolean[] positive) {
        List<Column> cols = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            positive[i] = r.nextDouble() < 0.3;
        }
        cols.add(Column.of("customer_id", values(i -> Integer.toString(50_000 + 7 * i))));
        cols.add(Column.of("tenure", values(i -> Double.toString(r.nextGaussian() + (positive[i] ? 0.5 : 0)))));
        cols.add(Column.of("region", values(i -> (positive[i] ^ r.nextDouble() < 0.35) ? "north" : "south")));
        cols.add(Column.of("balance", values(i -> Double.toString(r.nextGaussian() + (positive[i] ? 0.3 : 0)))));
        cols.add(Column.of("outcome", values(i -> positive[i] ? "yes" : "no")));
        return cols;
    }

    static String[] values(IntFunction<String> f) {
        String[] v = new String[N];
        for (int i = 0; i < N; i++) {
            v[i] = f.apply(i);
        }
        return v;
    }

    static LeakageFinding only(LeakageReport r, String column, String kind) {
        return r.findings().stream()
                .filter(f -> column.equals(f.column()) && f.kind().equals(kind))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " finding for " + column + ": " + r.findings()));
    }

    @Test
    void presenceThatTellsTheClassIsALeakEvenWhenTheValuesDoNot() {
        Random r = new Random(11);
        boolean[] pos = new boolean[N];
        List<Column> cols = honest(r, pos);
        // a body number is filled in for a fifth of the negatives only; a boat for most positives
        cols.add(Column.of(
                "body_no", values(i -> !pos[i] && r.nextDouble() < 0.2 ? Integer.toString(r.nextInt(300)) : null)));
        cols.add(Column.of(
                "boat",
                values(i -> (pos[i] ? r.nextDouble() < 0.9 : r.nextDouble() < 0.004) ? "B" + r.nextInt(16) : null)));
        LeakageReport report =
                LeakageDetector.screen(new Dataset(cols), "outcome", null, "", LeakageDetector.MediumPolicy.ASK, 42);

        assertThat(report.leakyColumns()).containsExactlyInAnyOrder("body_no", "boat");
        LeakageFinding body = only(report, "body_no", "presence_depends_on_target");
        assertThat(body.confidence()).isEqualTo(LeakageFinding.HIGH);
        assertThat(body.action()).isEqualTo(LeakageFinding.DROPPED);
        assertThat(body.evidence()).containsEntry("class", "no").containsEntry("class_share_where_present", 1.0);
        assertThat(report.drops(false)).containsKeys("body_no", "boat", "customer_id");
        assertThat(only(report, "customer_id", "identifier").action()).isEqualTo(LeakageFinding.DROPPED);
    }

    @Test
    void aDominantFeatureIsMediumAloneAndHighWhenItsNameMeansAfterTheOutcome() {
        Random r = new Random(5);
        boolean[] pos = new boolean[N];
        List<Column> cols = honest(r, pos);
        String[] strong = values(i -> Double.toString(r.nextGaussian() + (pos[i] ? 2.2 : 0)));
        List<Column> plain = new ArrayList<>(cols);
        plain.add(Column.of("engagement_score", strong));
        List<Column> named = new ArrayList<>(cols);
        named.add(Column.of("call_duration", strong));

        LeakageReport asked =
                LeakageDetector.screen(new Dataset(plain), "outcome", null, "", LeakageDetector.MediumPolicy.ASK, 42);
        LeakageFinding dominant = only(asked, "engagement_score", "dominant_predictor");
        assertThat(dominant.confidence()).isEqualTo(LeakageFinding.MEDIUM);
        assertThat(dominant.action()).isEqualTo(LeakageFinding.ASK);
        assertThat((double) dominant.evidence().get("auc")).isGreaterThan(0.85);
        assertThat(asked.drops(false)).doesNotContainKey("engagement_score");
        assertThat(asked.drops(true)).containsKey("engagement_score");
        assertThat(asked.asked()).containsExactly(dominant);

        // with a single other feature to compare with, strength alone says nothing about leakage
        List<Column> small = List.of(cols.get(1), cols.get(4), Column.of("engagement_score", strong));
        assertThat(LeakageDetector.screen(new Dataset(small), "outcome", null, "", LeakageDetector.MediumPolicy.ASK, 42)
                        .findings())
                .isEmpty();

        LeakageReport quick = LeakageDetector.screen(
                new Dataset(plain), "outcome", null, "", LeakageDetector.MediumPolicy.DROP_WITH_WARNING, 42);
        assertThat(only(quick, "engagement_score", "dominant_predictor").action())
                .isEqualTo(LeakageFinding.DROPPED_WITH_WARNING);

        LeakageReport meaning =
                LeakageDetector.screen(new Dataset(named), "outcome", null, "", LeakageDetector.MediumPolicy.ASK, 42);
        LeakageFinding call = only(meaning, "call_duration", "dominant_predictor");
        assertThat(call.confidence()).isEqualTo(LeakageFinding.HIGH);
        assertThat(call.action()).isEqualTo(LeakageFinding.DROPPED);
    }

    @Test
    void aPostOutcomeNameAloneIsKeptAndTheStatementsWordIsEnough() {
        Random r = new Random(8);
        boolean[] pos = new boolean[N];
        List<Column> cols = honest(r, pos);
        cols.add(Column.of("settlement_amount", values(i -> Double.toString(r.nextGaussian()))));
        cols.add(Column.of("review_score", values(i -> Double.toString(r.nextGaussian() + (pos[i] ? 0.4 : 0)))));
        LeakageReport report = LeakageDetector.screen(
                new Dataset(cols),
                "outcome",
                null,
                "Predict the outcome. The review score is recorded only after the outcome is known.",
                LeakageDetector.MediumPolicy.ASK,
                42);
        LeakageFinding name = only(report, "settlement_amount", "post_outcome_meaning");
        assertThat(name.confidence()).isEqualTo(LeakageFinding.LOW);
        assertThat(name.action()).isEqualTo(LeakageFinding.KEPT);
        LeakageFinding said = only(report, "review_score", "post_outcome_meaning");
        assertThat(said.confidence()).isEqualTo(LeakageFinding.HIGH);
        assertThat((String) said.evidence().get("statement")).contains("only after the outcome");
        assertThat(report.leakyColumns()).containsExactly("review_score");
    }

    @Test
    void rowsNumberedInLabelOrderLeakThroughTheIdentifierAndTheOrderIsNoted() {
        Random r = new Random(2);
        boolean[] pos = new boolean[N];
        List<Column> cols = honest(r, pos);
        Dataset d = new Dataset(cols);
        // sort the rows by outcome, then number them: the id now carries the label
        Integer[] order = new Integer[N];
        for (int i = 0; i < N; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Boolean.compare(pos[a], pos[b]));
        Dataset sorted = d.select(
                        Arrays.stream(order).mapToInt(Integer::intValue).toArray())
                .withColumn(Column.of("customer_id", values(i -> Integer.toString(i + 1))));
        LeakageReport report =
                LeakageDetector.screen(sorted, "outcome", null, "", LeakageDetector.MediumPolicy.ASK, 42);
        assertThat(only(report, "customer_id", "identifier_follows_target").confidence())
                .isEqualTo(LeakageFinding.HIGH);
        LeakageFinding order1 = report.findings().stream()
                .filter(f -> f.kind().equals("row_order"))
                .findFirst()
                .orElseThrow();
        assertThat(order1.column()).isNull();
        assertThat(order1.action()).isEqualTo(LeakageFinding.NOTED);
        assertThat(report.leakyColumns()).containsExactly("customer_id");
    }

    @Test
    void theScreenRunsOnTheTrainingRowsOnly() {
        Random r = new Random(4);
        boolean[] pos = new boolean[N];
        List<Column> cols = honest(r, pos);
        // a column that matches the outcome only outside the first quarter of the rows
        cols.add(Column.of("late_flag", values(i -> i < N / 4 ? (r.nextBoolean() ? "a" : "b") : pos[i] ? "a" : "b")));
        Dataset d = new Dataset(cols);
        int[] firstQuarter = IntStream.range(0, N / 4).toArray();
        assertThat(LeakageDetector.screen(d, "outcome", firstQuarter, "", LeakageDetector.MediumPolicy.ASK, 42)
                        .leakyColumns())
                .isEmpty();
        assertThat(LeakageDetector.screen(d, "outcome", null, "", LeakageDetector.MediumPolicy.ASK, 42)
                        .leakyColumns())
                .containsExactly("late_flag");
    }
}
