package svc.ml.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.ml.TestCsv;
import svc.ml.drift.DriftDetector;
import svc.ml.drift.DriftReport;
import svc.ml.fairness.FairnessAuditor;
import svc.ml.fairness.FairnessReport;
import svc.ml.fairness.GroupThresholds;
import svc.ml.fairness.SensitiveAttributes;

/**
 * A run report on real Adult figures: the hand rule's decisions on the official test split give
 * the metrics and the fairness audit, train vs test gives the drift report. Computed once.
 */
final class SampleRun {

    static final TestCsv TRAIN = TestCsv.adultTrain();
    static final TestCsv TEST = TestCsv.adultTest();
    static final FairnessReport FAIRNESS;
    static final DriftReport DRIFT;
    static final double TEST_ACCURACY;
    static final List<RunReport.ColumnProfile> PROFILE;

    static {
        int[] y = TEST.labels("income", ">50K");
        double[] scores = TEST.adultRuleScores();
        Map<String, String[]> groups = new LinkedHashMap<>();
        groups.put("sex", TEST.column("sex"));
        groups.put("race", TEST.column("race"));
        groups.put("age", SensitiveAttributes.ageBands(TEST.numeric("age")));
        GroupThresholds.Fit fit = GroupThresholds.fit(
                "sex",
                TRAIN.labels("income", ">50K"),
                TRAIN.adultRuleScores(),
                TRAIN.column("sex"),
                0.5,
                GroupThresholds.Criterion.SELECTION_RATE,
                0.02);
        FAIRNESS = FairnessAuditor.audit(y, scores, 0.5, groups, 0.1).withMitigation(fit.mitigation());
        int correct = 0;
        int[] pred = FairnessAuditor.decide(scores, 0.5);
        for (int i = 0; i < y.length; i++) {
            correct += pred[i] == y[i] ? 1 : 0;
        }
        TEST_ACCURACY = (double) correct / y.length;
        List<String> numeric =
                List.of("age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week");
        Map<String, double[]> rn = new LinkedHashMap<>();
        Map<String, double[]> cn = new LinkedHashMap<>();
        Map<String, String[]> rc = new LinkedHashMap<>();
        Map<String, String[]> cc = new LinkedHashMap<>();
        for (String c : TRAIN.header()) {
            if (c.equals("income")) {
                continue;
            }
            if (numeric.contains(c)) {
                rn.put(c, TRAIN.numeric(c));
                cn.put(c, TEST.numeric(c));
            } else {
                rc.put(c, TRAIN.column(c));
                cc.put(c, TEST.column(c));
            }
        }
        DRIFT = DriftDetector.compare(rn, cn, rc, cc);
        List<RunReport.ColumnProfile> profile = new ArrayList<>();
        for (String c : TRAIN.header()) {
            String[] values = TRAIN.column(c);
            long missing = Arrays.stream(values).filter("?"::equals).count();
            long distinct = Arrays.stream(values).distinct().count();
            String type = numeric.contains(c) ? "numeric" : "categorical";
            profile.add(new RunReport.ColumnProfile(c, type, (double) missing / TRAIN.size(), distinct));
        }
        PROFILE = List.copyOf(profile);
    }

    private SampleRun() {}

    static RunReport report() {
        return report(FAIRNESS, DRIFT, "Predict whether a person's income exceeds 50K a year from census records.");
    }

    static RunReport report(FairnessReport fairness, DriftReport drift, String problem) {
        Map<String, Double> test = new LinkedHashMap<>();
        test.put("accuracy", TEST_ACCURACY);
        test.put("roc_auc", 0.8712);
        Map<String, Double> validation = new LinkedHashMap<>();
        validation.put("accuracy", 0.8123);
        validation.put("roc_auc", 0.8698);
        return new RunReport(
                "run-adult-0042",
                problem,
                new RunReport.DatasetSummary(
                        "UCI Adult",
                        "data/adult/adult_train.csv",
                        48842,
                        15,
                        "9f2c0d1e7a5b3c4d6e8f00112233445566778899aabbccddeeff001122334455",
                        26048,
                        6513,
                        16281,
                        "official test split; stratified 80/20 train/validation",
                        0.2408,
                        PROFILE),
                "income",
                "binary_classification",
                "rule_baseline",
                Map.of("threshold", "0.5"),
                test,
                validation,
                List.of(
                        new RunReport.Candidate(
                                "logistic_regression",
                                Map.of("l2", "1.0"),
                                Map.of("accuracy", 0.8101, "roc_auc", 0.8650)),
                        new RunReport.Candidate(
                                "rule_baseline", Map.of(), Map.of("accuracy", 0.8123, "roc_auc", 0.8698))),
                fairness,
                drift,
                List.of(
                        new RunReport.ShapFeature("marital-status=Married-civ-spouse", 1.2034),
                        new RunReport.ShapFeature("education-num", 0.8121),
                        new RunReport.ShapFeature("capital-gain", 0.5507),
                        new RunReport.ShapFeature("sex=Male", 0.1402)),
                List.of(new RunReport.Approval(
                        "fairness_review",
                        "ana.risk@bank.example",
                        Instant.parse("2026-11-21T10:15:00Z"),
                        "reject",
                        "parity difference on sex above 0.1; apply group thresholds and re-audit")),
                new RunReport.Lineage("ds-adult-7f3a", "model-rule-19c2", null),
                Instant.parse("2026-11-21T09:00:00Z"));
    }
}
