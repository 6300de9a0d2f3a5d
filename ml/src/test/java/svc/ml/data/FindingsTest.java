package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Validation and leakage findings on German credit, with leaked columns planted. */
class FindingsTest {
    static Dataset german;

    @BeforeAll
    static void load() {
        german = DatasetReader.read(RealDataTest.GERMAN);
    }

    @Test
    void cleanGermanCreditHasNoLeakage() {
        LeakageReport r = LeakageDetector.detect(german, "credit_risk");
        assertThat(r.leakyColumns()).isEmpty();
        // the loan's duration is named like a post-outcome value but predicts no better than others: kept
        assertThat(r.findings()).singleElement().satisfies(f -> {
            assertThat(f.column()).isEqualTo("duration_months");
            assertThat(f.kind()).isEqualTo("post_outcome_meaning");
            assertThat(f.confidence()).isEqualTo(LeakageFinding.LOW);
            assertThat(f.action()).isEqualTo(LeakageFinding.KEPT);
        });
    }

    @Test
    void copyOfTheTargetUnderAnotherNameIsFlagged() {
        String[] target = RealDataTest.column(german, "credit_risk");
        String[] relabelled = new String[target.length];
        for (int i = 0; i < target.length; i++) {
            relabelled[i] = target[i].equals("good") ? "approved" : "rejected";
        }
        Dataset leaky = german.withColumn(Column.of("decision", relabelled));
        LeakageReport r = LeakageDetector.detect(leaky, "credit_risk");
        assertThat(r.leakyColumns()).containsExactly("decision");
        LeakageFinding f = r.findings().stream()
                .filter(x -> "decision".equals(x.column()))
                .findFirst()
                .orElseThrow();
        assertThat(f.kind()).isEqualTo("target_copy");
        assertThat(f.confidence()).isEqualTo(LeakageFinding.HIGH);
        assertThat(f.action()).isEqualTo(LeakageFinding.DROPPED);
    }

    @Test
    void nearCopiesAreFlaggedNumericAndCategoricalAlike() {
        String[] target = RealDataTest.column(german, "credit_risk");
        Random r = new Random(7);
        String[] score = new String[target.length];
        String[] noisyLabel = new String[target.length];
        for (int i = 0; i < target.length; i++) {
            boolean bad = target[i].equals("bad");
            // a post-outcome score: overlaps the other class only for a few rows
            score[i] = Double.toString((bad ? 0.8 : 0.2) + 0.1 * r.nextGaussian());
            boolean flip = r.nextDouble() < 0.01;
            noisyLabel[i] = (bad ^ flip) ? "B" : "G";
        }
        Dataset leaky = german.withColumn(Column.of("collections_score", score))
                .withColumn(Column.of("status_after", noisyLabel));
        LeakageReport report = LeakageDetector.detect(leaky, "credit_risk");
        assertThat(report.leakyColumns()).containsExactlyInAnyOrder("collections_score", "status_after");
        assertThat(report.findings()).filteredOn(LeakageFinding::isLeak).allSatisfy(x -> {
            assertThat(x.kind()).isEqualTo("near_perfect_predictor");
            assertThat(x.message()).contains("ROC AUC");
            assertThat((double) x.evidence().get("auc")).isGreaterThanOrEqualTo(0.98);
        });
    }

    @Test
    void numericTargetLeakIsFoundByExplainedVariance() {
        String[] amountInCents = new String[german.rowCount()];
        for (int i = 0; i < amountInCents.length; i++) {
            amountInCents[i] = Double.toString(german.column("credit_amount").number(i) * 100 + (i % 3));
        }
        LeakageReport r =
                LeakageDetector.detect(german.withColumn(Column.of("amount_cents", amountInCents)), "credit_amount");
        assertThat(r.leakyColumns()).containsExactly("amount_cents");
        assertThat(r.findings().get(0).message()).contains("R²");
    }

    @Test
    void validationFlagsConstantColumnsDuplicatesAndMissingTarget() {
        String[] constant = new String[german.rowCount()];
        Arrays.fill(constant, "x");
        int[] rows = new int[german.rowCount() + 3];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i < german.rowCount() ? i : i - german.rowCount(); // rows 0..2 again
        }
        Dataset d = german.withColumn(Column.of("branch", constant)).select(rows);
        List<Finding> f = Validator.validate(d, "credit_risk");
        assertThat(f).extracting(Finding::code).containsExactlyInAnyOrder("CONSTANT_COLUMN", "DUPLICATE_ROWS");
        assertThat(f)
                .filteredOn(x -> x.code().equals("DUPLICATE_ROWS"))
                .singleElement()
                .satisfies(x -> assertThat(x.message()).startsWith("3 rows"));
        assertThat(Validator.validate(german, "default"))
                .extracting(Finding::code)
                .contains("TARGET_MISSING");
        assertThat(Validator.validate(german.select(new int[] {0, 1, 2}), "credit_risk"))
                .extracting(Finding::code)
                .contains("TOO_FEW_ROWS");
    }

    @Test
    void stratifiedSplitKeepsClassSharesAndIsSeeded() {
        String[] target = RealDataTest.column(german, "credit_risk");
        Splitter.Split s = Splitter.stratified(target, 0.15, 0.15, 3);
        assertThat(s.train().length + s.validation().length + s.test().length).isEqualTo(1000);
        assertThat(count(target, s.test(), "bad")).isEqualTo(45);
        assertThat(count(target, s.validation(), "bad")).isEqualTo(45);
        assertThat(count(target, s.train(), "bad")).isEqualTo(210);
        assertThat(s.test().length).isEqualTo(150);
        Set<Integer> all = new HashSet<>();
        for (int[] part : new int[][] {s.train(), s.validation(), s.test()}) {
            for (int i : part) {
                assertThat(all.add(i)).isTrue();
            }
        }
        assertThat(Splitter.stratified(target, 0.15, 0.15, 3).test()).containsExactly(s.test());
        assertThat(Splitter.stratified(target, 0.15, 0.15, 4).test()).isNotEqualTo(s.test());
        int[][] folds = Splitter.kFold(target, 5, 1);
        for (int[] fold : folds) {
            assertThat(fold).hasSize(200);
            assertThat(count(target, fold, "bad")).isEqualTo(60);
        }
    }

    private static int count(String[] target, int[] rows, String label) {
        int n = 0;
        for (int i : rows) {
            if (target[i].equals(label)) {
                n++;
            }
        }
        return n;
    }
}
