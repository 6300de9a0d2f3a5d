package svc.ml.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import svc.ml.data.DroppedColumn;
import svc.ml.drift.DriftBand;
import svc.ml.drift.DriftReport;
import svc.ml.drift.FeatureDrift;
import svc.ml.fairness.AttributeFairness;
import svc.ml.fairness.FairnessReport;
import svc.ml.fairness.GroupMetrics;
import svc.ml.fairness.Mitigation;

/**
 * Renders {@code model_card.md} with the sections of Mitchell et al. (2019). Every statement is
 * taken from the run's figures; where the run has no figure (no fairness audit, no drift check)
 * the card says so instead of writing a generic sentence.
 */
public final class ModelCardWriter {

    /** Drift rows shown in the card; the full list is in drift.json. */
    private static final int DRIFT_ROWS = 10;

    private ModelCardWriter() {}

    public static String render(RunReport r) {
        StringBuilder md = new StringBuilder();
        md.append("# Model card: ")
                .append(r.learner())
                .append(" predicting `")
                .append(r.target())
                .append("` (run ")
                .append(r.runId())
                .append(")\n\n");
        if (r.fairness() != null && !r.fairness().gatePassed()) {
            md.append("> **Fairness gate FAILED**: demographic parity difference ")
                    .append(Figures.num(r.fairness().maxDemographicParityDifference()))
                    .append(" on `")
                    .append(r.fairness().worstAttribute())
                    .append("` exceeds the gate of ")
                    .append(Figures.num(r.fairness().gateThreshold()));
            List<String> failing = r.fairness().attributes().stream()
                    .filter(a -> !a.gatePassed())
                    .map(a -> "`" + a.attribute() + "`")
                    .toList();
            md.append(" (attributes failing: ")
                    .append(String.join(", ", failing))
                    .append("). Under the BFSI baseline this blocks deployment until mitigated.\n\n");
        }
        if (r.drift() != null && !r.drift().gatePassed()) {
            md.append("> **Drift gate FAILED**: maximum PSI ")
                    .append(Figures.num(r.drift().maxPsi()))
                    .append(" on `")
                    .append(r.drift().maxPsiFeature())
                    .append("` is above ")
                    .append(Figures.num(r.drift().thresholds().significant()))
                    .append(".\n\n");
        }
        modelDetails(md, r);
        intendedUse(md, r);
        factors(md, r);
        metrics(md, r);
        evaluationData(md, r);
        trainingData(md, r);
        quantitative(md, r);
        ethics(md, r);
        caveats(md, r);
        approvalsAndLineage(md, r);
        return md.toString();
    }

    private static void modelDetails(StringBuilder md, RunReport r) {
        md.append("## Model details\n\n");
        md.append("- Run: `")
                .append(r.runId())
                .append("`, created ")
                .append(r.createdAt())
                .append('\n');
        md.append("- Task: ")
                .append(r.task())
                .append(", target column `")
                .append(r.target())
                .append("`\n");
        md.append("- Learner: ").append(r.learner());
        if (!r.params().isEmpty()) {
            md.append(" with ")
                    .append(r.params().entrySet().stream()
                            .map(e -> "`" + e.getKey() + "=" + e.getValue() + "`")
                            .collect(Collectors.joining(", ")));
        }
        md.append('\n');
        md.append("- Model id: `")
                .append(r.lineage().modelId())
                .append("`, trained on dataset `")
                .append(r.lineage().datasetId())
                .append("`\n");
        md.append("- Chosen from ").append(r.candidates().size()).append(" candidate(s) on validation figures\n\n");
    }

    private static void intendedUse(StringBuilder md, RunReport r) {
        md.append("## Intended use\n\n");
        if (r.problemStatement().isBlank()) {
            md.append("The run was started without a problem statement.\n\n");
        } else {
            md.append("Problem statement as given by the user:\n\n> ")
                    .append(r.problemStatement().replace("\n", "\n> "))
                    .append("\n\n");
        }
        md.append("Primary use: ")
                .append(r.task().replace('_', ' '))
                .append(" of `")
                .append(r.target())
                .append("` for records like those of ")
                .append(r.dataset().name())
                .append(" (")
                .append(Figures.count(r.dataset().rows()))
                .append(" rows).\n");
        md.append("Out of scope: populations unlike those in ")
                .append(r.dataset().name())
                .append("; decisions without the human approvals listed below");
        if (r.fairness() != null && !r.fairness().gatePassed()) {
            md.append("; any regulated decision about people while the fairness gate is failed");
        }
        md.append(".\n\n");
    }

    private static void factors(StringBuilder md, RunReport r) {
        md.append("## Factors\n\n");
        if (r.fairness() == null) {
            md.append("No sensitive attribute was audited in this run; group performance is unknown.\n\n");
            return;
        }
        md.append("Groups evaluated, by sensitive attribute:\n\n");
        for (AttributeFairness a : r.fairness().attributes()) {
            md.append("- `")
                    .append(a.attribute())
                    .append("`: ")
                    .append(a.groups().stream()
                            .map(g -> g.group() + " (" + Figures.count(g.count()) + ")")
                            .collect(Collectors.joining(", ")))
                    .append('\n');
        }
        md.append('\n');
    }

    private static void metrics(StringBuilder md, RunReport r) {
        md.append("## Metrics\n\n");
        Set<String> names = new LinkedHashSet<>(r.testMetrics().keySet());
        names.addAll(r.validationMetrics().keySet());
        md.append("Performance: ")
                .append(names.isEmpty() ? "none reported" : String.join(", ", names))
                .append(", on the validation split (model selection) and the held-out test split.\n");
        if (r.fairness() != null) {
            md.append("Fairness, at decision threshold ")
                    .append(Figures.num(r.fairness().decisionThreshold()))
                    .append(": per-group selection rate, TPR, FPR and precision; demographic parity difference")
                    .append(" (max - min selection rate) and ratio (min / max); equalized-odds difference")
                    .append(" (larger of the TPR and FPR gaps). Gate: parity difference at most ")
                    .append(Figures.num(r.fairness().gateThreshold()))
                    .append(".\n");
        }
        if (r.drift() != null) {
            md.append("Drift: Population Stability Index per feature (bands: below ")
                    .append(Figures.num(r.drift().thresholds().moderate()))
                    .append(" stable, up to ")
                    .append(Figures.num(r.drift().thresholds().significant()))
                    .append(" moderate, above that significant) and the two-sample KS statistic for numeric "
                            + "features.\n");
        }
        md.append('\n');
    }

    private static void evaluationData(StringBuilder md, RunReport r) {
        RunReport.DatasetSummary d = r.dataset();
        md.append("## Evaluation data\n\n");
        md.append("Held-out test split of ")
                .append(d.name())
                .append(": ")
                .append(Figures.count(d.testRows()))
                .append(" rows; validation split: ")
                .append(Figures.count(d.validationRows()))
                .append(" rows");
        if (d.splitMethod() != null) {
            md.append(" (").append(d.splitMethod()).append(')');
        }
        md.append(".\n\n");
    }

    private static void trainingData(StringBuilder md, RunReport r) {
        RunReport.DatasetSummary d = r.dataset();
        md.append("## Training data\n\n");
        md.append("- Target: `").append(r.target()).append('`');
        if (r.targetReason() != null && !r.targetReason().isBlank()) {
            md.append(" (").append(r.targetReason()).append(')');
        }
        md.append('\n');
        md.append("- Dataset: ").append(d.name());
        if (d.path() != null) {
            md.append(" (`").append(d.path()).append("`)");
        }
        md.append('\n');
        md.append("- Size: ")
                .append(Figures.count(d.rows()))
                .append(" rows x ")
                .append(d.columns())
                .append(" columns; training split ")
                .append(Figures.count(d.trainRows()))
                .append(" rows\n");
        if (d.sha256() != null) {
            md.append("- SHA-256: `").append(d.sha256()).append("`\n");
        }
        if (d.positiveRate() != null) {
            md.append("- Positive rate of `")
                    .append(r.target())
                    .append("`: ")
                    .append(Figures.percent(d.positiveRate()))
                    .append('\n');
        }
        List<RunReport.ColumnProfile> withMissing =
                d.profile().stream().filter(c -> c.missingShare() > 0).toList();
        if (!withMissing.isEmpty()) {
            md.append("- Columns with missing values: ")
                    .append(withMissing.stream()
                            .map(c -> "`" + c.name() + "` " + Figures.percent(c.missingShare()))
                            .collect(Collectors.joining(", ")))
                    .append('\n');
        }
        if (r.droppedColumns().isEmpty()) {
            md.append("- Columns left out of training: none\n");
        } else {
            md.append("- Columns left out of training (leaks and identifiers are never features):\n");
            for (DroppedColumn c : r.droppedColumns()) {
                md.append("  - `")
                        .append(c.column())
                        .append("`: ")
                        .append(c.reason())
                        .append('\n');
            }
        }
        md.append('\n');
    }

    private static void quantitative(StringBuilder md, RunReport r) {
        md.append("## Quantitative analyses\n\n");
        Set<String> names = new LinkedHashSet<>(r.testMetrics().keySet());
        names.addAll(r.validationMetrics().keySet());
        if (!names.isEmpty()) {
            md.append("| metric | test | validation |\n|---|---|---|\n");
            for (String n : names) {
                md.append("| ")
                        .append(cell(n))
                        .append(" | ")
                        .append(Figures.num(r.testMetrics().get(n)))
                        .append(" | ")
                        .append(Figures.num(r.validationMetrics().get(n)))
                        .append(" |\n");
            }
            md.append('\n');
        }
        if (!r.candidates().isEmpty()) {
            Set<String> cm = new LinkedHashSet<>();
            r.candidates().forEach(c -> cm.addAll(c.validationMetrics().keySet()));
            md.append("Candidates (validation):\n\n| learner | ")
                    .append(String.join(" | ", cm))
                    .append(" |\n|---|")
                    .append("---|".repeat(cm.size()))
                    .append('\n');
            for (RunReport.Candidate c : r.candidates()) {
                md.append("| ").append(cell(c.learner()));
                cm.forEach(m -> md.append(" | ")
                        .append(Figures.num(c.validationMetrics().get(m))));
                md.append(" |\n");
            }
            md.append('\n');
        }
        fairnessTables(md, r.fairness());
        driftTable(md, r.drift());
        if (!r.topShapFeatures().isEmpty()) {
            md.append("### Feature importance (mean |SHAP|)\n\n| feature | mean abs SHAP |\n|---|---|\n");
            r.topShapFeatures()
                    .forEach(f -> md.append("| ")
                            .append(cell(f.feature()))
                            .append(" | ")
                            .append(Figures.num(f.meanAbsShap()))
                            .append(" |\n"));
            md.append('\n');
        }
    }

    private static void fairnessTables(StringBuilder md, FairnessReport f) {
        md.append("### Fairness\n\n");
        if (f == null) {
            md.append("Not assessed in this run.\n\n");
            return;
        }
        for (AttributeFairness a : f.attributes()) {
            md.append("**`")
                    .append(a.attribute())
                    .append("`**: demographic parity difference ")
                    .append(Figures.num(a.demographicParityDifference()))
                    .append(", ratio ")
                    .append(Figures.num(a.demographicParityRatio()))
                    .append(", equalized-odds difference ")
                    .append(Figures.num(a.equalizedOddsDifference()))
                    .append(" - gate ")
                    .append(a.gatePassed() ? "passed" : "**FAILED**")
                    .append("\n\n");
            md.append("| group | count | selection rate | TPR | FPR | precision |\n|---|---|---|---|---|---|\n");
            for (GroupMetrics g : a.groups()) {
                md.append("| ")
                        .append(cell(g.group()))
                        .append(" | ")
                        .append(g.count())
                        .append(" | ")
                        .append(Figures.num(g.selectionRate()))
                        .append(" | ")
                        .append(Figures.num(g.tpr()))
                        .append(" | ")
                        .append(Figures.num(g.fpr()))
                        .append(" | ")
                        .append(Figures.num(g.precision()))
                        .append(" |\n");
            }
            md.append('\n');
        }
        Mitigation m = f.mitigation();
        if (m != null) {
            md.append("Mitigation: ")
                    .append(m.method())
                    .append(" on `")
                    .append(m.attribute())
                    .append("` (")
                    .append(m.basis())
                    .append("): demographic parity difference ")
                    .append(Figures.num(m.before().demographicParityDifference()))
                    .append(" before, ")
                    .append(Figures.num(m.after().demographicParityDifference()))
                    .append(" after");
            if (m.before().accuracy() != null && m.after().accuracy() != null) {
                md.append("; accuracy ")
                        .append(Figures.num(m.before().accuracy()))
                        .append(" before, ")
                        .append(Figures.num(m.after().accuracy()))
                        .append(" after");
            }
            md.append(".\n\n");
        }
    }

    private static void driftTable(StringBuilder md, DriftReport d) {
        md.append("### Drift\n\n");
        if (d == null) {
            md.append("Not assessed in this run.\n\n");
            return;
        }
        md.append("Maximum PSI ")
                .append(Figures.num(d.maxPsi()))
                .append(" on `")
                .append(d.maxPsiFeature())
                .append("`: ")
                .append(d.band().json())
                .append(".\n\n");
        md.append("| feature | type | PSI | band | KS | KS p-value |\n|---|---|---|---|---|---|\n");
        d.features().stream()
                .sorted(Comparator.comparingDouble(FeatureDrift::psi).reversed())
                .limit(DRIFT_ROWS)
                .forEach(f -> md.append("| ")
                        .append(cell(f.name()))
                        .append(" | ")
                        .append(f.type())
                        .append(" | ")
                        .append(Figures.num(f.psi()))
                        .append(" | ")
                        .append(f.band().json())
                        .append(" | ")
                        .append(Figures.num(f.ks()))
                        .append(" | ")
                        .append(Figures.num(f.ksPValue()))
                        .append(" |\n"));
        if (d.features().size() > DRIFT_ROWS) {
            md.append("\n")
                    .append(d.features().size() - DRIFT_ROWS)
                    .append(" more features with lower PSI in drift.json.\n");
        }
        md.append('\n');
    }

    private static void ethics(StringBuilder md, RunReport r) {
        md.append("## Ethical considerations\n\n");
        FairnessReport f = r.fairness();
        if (f == null) {
            md.append("- No fairness audit was run: disparities between groups of people are unmeasured.\n");
        } else {
            for (AttributeFairness a : f.attributes()) {
                GroupMetrics lo = a.groups().stream()
                        .min(Comparator.comparingDouble(GroupMetrics::selectionRate))
                        .orElseThrow();
                GroupMetrics hi = a.groups().stream()
                        .max(Comparator.comparingDouble(GroupMetrics::selectionRate))
                        .orElseThrow();
                md.append("- `")
                        .append(a.attribute())
                        .append("`: ")
                        .append(hi.group())
                        .append(" is selected at ")
                        .append(Figures.percent(hi.selectionRate()))
                        .append(", ")
                        .append(lo.group())
                        .append(" at ")
                        .append(Figures.percent(lo.selectionRate()));
                md.append(a.gatePassed() ? " (within the gate).\n" : "; this gap fails the gate.\n");
            }
        }
        Set<String> sensitive = f == null
                ? Set.of()
                : f.attributes().stream()
                        .map(a -> a.attribute().toLowerCase(Locale.ROOT))
                        .collect(Collectors.toSet());
        List<String> usedSensitive = new ArrayList<>();
        for (RunReport.ShapFeature s : r.topShapFeatures()) {
            String name = s.feature().toLowerCase(Locale.ROOT);
            if (sensitive.stream().anyMatch(name::startsWith)) {
                usedSensitive.add(s.feature());
            }
        }
        if (!usedSensitive.isEmpty()) {
            md.append("- Sensitive attributes among the top SHAP features: ")
                    .append(usedSensitive.stream().map(x -> "`" + x + "`").collect(Collectors.joining(", ")))
                    .append("; the model uses them directly.\n");
        }
        md.append('\n');
    }

    private static void caveats(StringBuilder md, RunReport r) {
        md.append("## Caveats and recommendations\n\n");
        FairnessReport f = r.fairness();
        if (f != null && !f.gatePassed()) {
            if (f.mitigation() == null) {
                md.append("- Mitigate before deployment: reweigh the training rows on `")
                        .append(f.worstAttribute())
                        .append("` and retrain, or fit per-group thresholds on the validation split; then audit "
                                + "again.\n");
            } else {
                md.append("- A ")
                        .append(f.mitigation().method())
                        .append(" mitigation was computed; the audited")
                        .append(" figures above still fail the gate, so deploy only the mitigated model after a new "
                                + "audit.\n");
            }
        }
        if (f == null) {
            md.append("- Run a fairness audit before any use that affects people.\n");
        }
        DriftReport d = r.drift();
        if (d == null) {
            md.append("- No drift baseline was computed; compute one against live data before relying on the model.\n");
        } else if (d.band() != DriftBand.STABLE) {
            md.append("- Drift is ")
                    .append(d.band().json())
                    .append(" (PSI ")
                    .append(Figures.num(d.maxPsi()))
                    .append(" on `")
                    .append(d.maxPsiFeature())
                    .append("`): investigate before relying on the test figures.\n");
        } else {
            md.append("- Drift is stable (maximum PSI ")
                    .append(Figures.num(d.maxPsi()))
                    .append("); keep monitoring with the same bins.\n");
        }
        for (Map.Entry<String, Double> e : r.testMetrics().entrySet()) {
            Double v = r.validationMetrics().get(e.getKey());
            if (v != null && e.getValue() != null && Math.abs(v - e.getValue()) > 0.02) {
                md.append("- `")
                        .append(e.getKey())
                        .append("` differs between validation (")
                        .append(Figures.num(v))
                        .append(") and test (")
                        .append(Figures.num(e.getValue()))
                        .append("): the estimate is unstable.\n");
            }
        }
        if (r.approvals().isEmpty()) {
            md.append("- No human approval is recorded for this run.\n");
        }
        md.append('\n');
    }

    private static void approvalsAndLineage(StringBuilder md, RunReport r) {
        md.append("## Approvals and lineage\n\n");
        if (!r.approvals().isEmpty()) {
            md.append("| gate | who | when | decision | rationale |\n|---|---|---|---|---|\n");
            r.approvals()
                    .forEach(a -> md.append("| ")
                            .append(cell(a.gate()))
                            .append(" | ")
                            .append(cell(a.who()))
                            .append(" | ")
                            .append(a.when())
                            .append(" | ")
                            .append(cell(a.decision()))
                            .append(" | ")
                            .append(cell(a.rationale()))
                            .append(" |\n"));
            md.append('\n');
        }
        RunReport.Lineage l = r.lineage();
        md.append("Lineage: dataset `")
                .append(l.datasetId())
                .append("` -> model `")
                .append(l.modelId())
                .append("` -> deployment ")
                .append(l.deploymentId() == null ? "(not deployed)" : "`" + l.deploymentId() + "`")
                .append('\n');
    }

    /** A table cell: pipes escaped, line breaks flattened. */
    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }
}
