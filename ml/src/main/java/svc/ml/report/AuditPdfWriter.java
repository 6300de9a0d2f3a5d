package svc.ml.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import svc.ml.drift.DriftReport;
import svc.ml.drift.FeatureDrift;
import svc.ml.fairness.AttributeFairness;
import svc.ml.fairness.FairnessReport;
import svc.ml.fairness.GroupMetrics;
import svc.ml.fairness.Mitigation;

/**
 * Renders {@code audit.pdf}: run summary, data profile, metrics, fairness (a chart of selection
 * and true positive rates by group per attribute), drift, a SHAP bar chart, approvals, lineage
 * (with the registered chain through the deployment) and a signature block. Charts are vector
 * drawings, so a report stays in the tens of kilobytes.
 *
 * <p>Signing seam: the signer signs {@link #bytesToSign(RunReport)} (the rendering without a
 * signature), then asks for {@link #render(RunReport, SignatureBlock)} with the signature, which
 * prints the block and the SHA-256 of the signed bytes. Rendering is deterministic (dates and the
 * document id come from the report), so a verifier can re-render the unsigned bytes from the
 * same report and check the signature against them.
 */
public final class AuditPdfWriter {

    private AuditPdfWriter() {}

    /** The bytes a signature covers: the document rendered without a signature block. */
    public static byte[] bytesToSign(RunReport report) {
        return render(report, null);
    }

    /** The PDF, with the signature block printed when {@code signature} is not null. */
    public static byte[] render(RunReport report, SignatureBlock signature) {
        String signedDigest = signature == null ? null : sha256(bytesToSign(report));
        try (PDDocument document = new PDDocument()) {
            info(document, report);
            PdfLayout pdf = new PdfLayout(document);
            pdf.newPage();
            summary(pdf, report);
            dataProfile(pdf, report);
            metrics(pdf, report);
            fairness(pdf, report.fairness());
            drift(pdf, report.drift());
            shap(pdf, report);
            approvals(pdf, report);
            lineage(pdf, report);
            signatureBlock(pdf, signature, signedDigest);
            pdf.finish("svc audit report - run " + report.runId());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("audit PDF for run " + report.runId() + " could not be written", e);
        }
    }

    private static void info(PDDocument document, RunReport r) {
        PDDocumentInformation info = document.getDocumentInformation();
        info.setTitle("Audit report, run " + r.runId());
        info.setSubject(r.task() + " of " + r.target());
        info.setCreator("svc");
        info.setProducer("svc");
        Calendar created = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
        created.setTimeInMillis(r.createdAt().toEpochMilli());
        info.setCreationDate(created);
        // PDFBox seeds the trailer /ID from the clock unless given a seed: take it from the run
        document.setDocumentId(r.runId().hashCode() * 31L + r.createdAt().toEpochMilli());
    }

    private static void summary(PdfLayout pdf, RunReport r) {
        pdf.title("Audit report");
        pdf.paragraph(pdf.bold, 11, "Run " + r.runId());
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Created", r.createdAt().toString()));
        rows.add(List.of("Task", r.task() + ", target " + r.target()));
        rows.add(List.of("Chosen learner", r.learner() + paramsText(r.params())));
        rows.add(List.of(
                "Dataset", r.dataset().name() + ", " + Figures.count(r.dataset().rows()) + " rows"));
        FairnessReport f = r.fairness();
        rows.add(List.of(
                "Fairness gate",
                f == null
                        ? "not assessed"
                        : (f.gatePassed() ? "PASSED" : "FAILED") + ": demographic parity difference "
                                + Figures.num(f.maxDemographicParityDifference()) + " on " + f.worstAttribute()
                                + " (gate " + Figures.num(f.gateThreshold()) + ")"));
        DriftReport d = r.drift();
        rows.add(List.of(
                "Drift",
                d == null
                        ? "not assessed"
                        : d.band().json() + ": maximum PSI " + Figures.num(d.maxPsi()) + " on " + d.maxPsiFeature()));
        rows.add(List.of(
                "Approvals",
                r.approvals().isEmpty()
                        ? "none recorded"
                        : r.approvals().size() + " decision(s), last: "
                                + r.approvals().get(r.approvals().size() - 1).decision()));
        pdf.table(List.of("", ""), new float[] {0.25f, 0.75f}, rows);
        pdf.subheading("Problem statement");
        pdf.paragraph(r.problemStatement().isBlank() ? "(none given)" : r.problemStatement());
    }

    private static void dataProfile(PdfLayout pdf, RunReport r) {
        RunReport.DatasetSummary d = r.dataset();
        pdf.heading("Data profile");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("Name", d.name()));
        if (d.path() != null) {
            rows.add(List.of("Path", d.path()));
        }
        rows.add(List.of("Rows x columns", Figures.count(d.rows()) + " x " + d.columns()));
        rows.add(List.of(
                "Splits (train / validation / test)",
                Figures.count(d.trainRows()) + " / "
                        + Figures.count(d.validationRows()) + " / " + Figures.count(d.testRows())
                        + (d.splitMethod() == null ? "" : " (" + d.splitMethod() + ")")));
        if (d.positiveRate() != null) {
            rows.add(List.of("Positive rate of " + r.target(), Figures.percent(d.positiveRate())));
        }
        if (d.sha256() != null) {
            rows.add(List.of("SHA-256", d.sha256()));
        }
        pdf.table(List.of("", ""), new float[] {0.3f, 0.7f}, rows);
        if (!d.profile().isEmpty()) {
            List<List<String>> columns = new ArrayList<>();
            for (RunReport.ColumnProfile c : d.profile()) {
                columns.add(
                        List.of(c.name(), c.type(), Figures.percent(c.missingShare()), Figures.count(c.distinct())));
            }
            pdf.table(List.of("column", "type", "missing", "distinct"), new float[] {0.4f, 0.2f, 0.2f, 0.2f}, columns);
        }
    }

    private static void metrics(PdfLayout pdf, RunReport r) {
        pdf.heading("Metrics");
        Set<String> names = new LinkedHashSet<>(r.testMetrics().keySet());
        names.addAll(r.validationMetrics().keySet());
        if (names.isEmpty()) {
            pdf.paragraph("No metric was reported for this run.");
        } else {
            List<List<String>> rows = new ArrayList<>();
            for (String n : names) {
                rows.add(List.of(
                        n,
                        Figures.num(r.testMetrics().get(n)),
                        Figures.num(r.validationMetrics().get(n))));
            }
            pdf.table(List.of("metric", "test", "validation"), new float[] {0.4f, 0.3f, 0.3f}, rows);
        }
        if (!r.candidates().isEmpty()) {
            pdf.subheading("Candidates (validation)");
            Set<String> cm = new LinkedHashSet<>();
            r.candidates().forEach(c -> cm.addAll(c.validationMetrics().keySet()));
            List<String> header = new ArrayList<>();
            header.add("learner");
            header.addAll(cm);
            float[] widths = new float[header.size()];
            widths[0] = 0.3f;
            for (int i = 1; i < widths.length; i++) {
                widths[i] = 0.7f / cm.size();
            }
            List<List<String>> rows = new ArrayList<>();
            for (RunReport.Candidate c : r.candidates()) {
                List<String> row = new ArrayList<>();
                row.add(c.learner() + paramsText(c.params()));
                cm.forEach(m -> row.add(Figures.num(c.validationMetrics().get(m))));
                rows.add(row);
            }
            pdf.table(header, widths, rows);
        }
    }

    private static void fairness(PdfLayout pdf, FairnessReport f) {
        pdf.heading("Fairness");
        if (f == null) {
            pdf.paragraph("No fairness audit was run.");
            return;
        }
        pdf.paragraph("Decision threshold " + Figures.num(f.decisionThreshold()) + "; gate: demographic parity "
                + "difference at most " + Figures.num(f.gateThreshold()) + ". Overall: "
                + (f.gatePassed()
                        ? "PASSED."
                        : "FAILED (worst: " + f.worstAttribute() + ", "
                                + Figures.num(f.maxDemographicParityDifference()) + ")."));
        for (AttributeFairness a : f.attributes()) {
            // The heading stays with its chart: both on this page or both on the next.
            pdf.ensureSpace(PdfLayout.BODY_SIZE * 6 + a.groups().size() * 22f);
            pdf.subheading(a.attribute() + ": parity difference " + Figures.num(a.demographicParityDifference())
                    + ", ratio " + Figures.num(a.demographicParityRatio()) + ", equalized odds "
                    + Figures.num(a.equalizedOddsDifference()) + (a.gatePassed() ? " - passed" : " - FAILED"));
            groupChart(pdf, a);
            List<List<String>> rows = new ArrayList<>();
            for (GroupMetrics g : a.groups()) {
                rows.add(List.of(
                        g.group(),
                        Figures.count(g.count()),
                        Figures.num(g.selectionRate()),
                        Figures.num(g.tpr()),
                        Figures.num(g.fpr()),
                        Figures.num(g.precision())));
            }
            pdf.table(
                    List.of("group", "count", "selection rate", "TPR", "FPR", "precision"),
                    new float[] {0.3f, 0.12f, 0.16f, 0.14f, 0.14f, 0.14f},
                    rows);
        }
        Mitigation m = f.mitigation();
        if (m != null) {
            pdf.subheading("Mitigation: " + m.method() + " on " + m.attribute());
            pdf.paragraph(m.basis());
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of(
                    "demographic parity difference",
                    Figures.num(m.before().demographicParityDifference()),
                    Figures.num(m.after().demographicParityDifference())));
            rows.add(List.of(
                    "equalized-odds difference",
                    Figures.num(m.before().equalizedOddsDifference()),
                    Figures.num(m.after().equalizedOddsDifference())));
            rows.add(List.of(
                    "accuracy",
                    Figures.num(m.before().accuracy()),
                    Figures.num(m.after().accuracy())));
            Set<String> groups = new LinkedHashSet<>(m.before().groupRates().keySet());
            groups.addAll(m.after().groupRates().keySet());
            for (String g : groups) {
                rows.add(List.of(
                        "rate: " + g,
                        Figures.num(m.before().groupRates().get(g)),
                        Figures.num(m.after().groupRates().get(g))));
            }
            if (m.groupThresholds() != null) {
                m.groupThresholds().forEach((g, t) -> rows.add(List.of("threshold: " + g, "", Figures.num(t))));
            }
            pdf.table(List.of("figure", "before", "after"), new float[] {0.5f, 0.25f, 0.25f}, rows);
        }
    }

    /**
     * Selection rate and true positive rate per group on a 0..1 scale, the overall selection rate
     * (count-weighted) dashed: a reader sees at a glance which group the model favours.
     */
    private static void groupChart(PdfLayout pdf, AttributeFairness a) {
        List<String> groups = new ArrayList<>();
        double[][] values = new double[a.groups().size()][2];
        double selected = 0;
        long total = 0;
        for (int i = 0; i < a.groups().size(); i++) {
            GroupMetrics g = a.groups().get(i);
            groups.add(g.group() + " (" + Figures.count(g.count()) + ")");
            // A group without positives has no TPR: drawn as no bar, printed n/a.
            values[i][0] = g.selectionRate();
            values[i][1] = g.tpr() == null ? Double.NaN : g.tpr();
            selected += g.selectionRate() * g.count();
            total += g.count();
        }
        pdf.groupedBarChart(
                groups,
                List.of("selection rate", "true positive rate"),
                values,
                1.0,
                total == 0 ? Double.NaN : selected / total);
    }

    private static void drift(PdfLayout pdf, DriftReport d) {
        pdf.heading("Drift");
        if (d == null) {
            pdf.paragraph("No drift report was computed.");
            return;
        }
        pdf.paragraph("Maximum PSI " + Figures.num(d.maxPsi()) + " on " + d.maxPsiFeature() + ": "
                + d.band().json()
                + " (stable below " + Figures.num(d.thresholds().moderate()) + ", significant above "
                + Figures.num(d.thresholds().significant()) + "; empty bins floored at "
                + d.thresholds().floor() + ").");
        List<List<String>> rows = new ArrayList<>();
        d.features().stream()
                .sorted(Comparator.comparingDouble(FeatureDrift::psi).reversed())
                .forEach(f -> rows.add(List.of(
                        f.name(),
                        f.type(),
                        Figures.num(f.psi()),
                        f.band().json(),
                        Figures.num(f.ks()),
                        Figures.num(f.ksPValue()),
                        Figures.num(f.missingShareDifference()))));
        pdf.table(
                List.of("feature", "type", "PSI", "band", "KS", "KS p-value", "missing diff"),
                new float[] {0.24f, 0.13f, 0.11f, 0.13f, 0.11f, 0.14f, 0.14f},
                rows);
    }

    private static void shap(PdfLayout pdf, RunReport r) {
        pdf.heading("Feature importance (mean |SHAP|)");
        if (r.topShapFeatures().isEmpty()) {
            pdf.paragraph("No SHAP values were computed.");
            return;
        }
        List<String> labels =
                r.topShapFeatures().stream().map(RunReport.ShapFeature::feature).toList();
        double[] values = r.topShapFeatures().stream()
                .mapToDouble(RunReport.ShapFeature::meanAbsShap)
                .toArray();
        pdf.barChart(labels, values);
    }

    private static void approvals(PdfLayout pdf, RunReport r) {
        pdf.heading("Approvals");
        if (r.approvals().isEmpty()) {
            pdf.paragraph("No human approval is recorded for this run.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (RunReport.Approval a : r.approvals()) {
            rows.add(List.of(
                    nz(a.gate()),
                    nz(a.who()),
                    a.when() == null ? "" : a.when().toString(),
                    nz(a.decision()),
                    nz(a.rationale())));
        }
        pdf.table(
                List.of("gate", "who", "when", "decision", "rationale"),
                new float[] {0.14f, 0.23f, 0.2f, 0.1f, 0.33f},
                rows);
    }

    private static void lineage(PdfLayout pdf, RunReport r) {
        pdf.heading("Lineage");
        RunReport.Lineage l = r.lineage();
        pdf.table(
                List.of("dataset", "model", "deployment"),
                new float[] {0.34f, 0.33f, 0.33f},
                List.of(List.of(
                        nz(l.datasetId()),
                        nz(l.modelId()),
                        l.deploymentId() == null ? "(not deployed)" : l.deploymentId())));
        pdf.paragraph("Chain: dataset " + nz(l.datasetId()) + " -> model " + nz(l.modelId()) + " -> deployment "
                + (l.deploymentId() == null ? "(not deployed)" : l.deploymentId()));
        RunReport.Deployed d = l.deployed();
        if (d != null) {
            pdf.subheading("Registered chain (chain_for_deployment)");
            pdf.table(
                    List.of("", ""),
                    new float[] {0.3f, 0.7f},
                    List.of(
                            List.of("Deployment", nz(l.deploymentId())),
                            List.of(
                                    "Serves",
                                    nz(d.environment())
                                            + (d.trafficPct() == null ? "" : ", " + d.trafficPct() + " % of traffic")),
                            List.of("Model", nz(l.modelId()) + " (" + nz(d.learner()) + ", run " + nz(d.runId()) + ")"),
                            List.of(
                                    "Dataset",
                                    d.datasetUri() == null
                                            ? "erased, or not recorded"
                                            : d.datasetUri() + " (SHA-256 " + nz(d.datasetSha256()) + ")"),
                            List.of("Consent document", d.consentDocRef() == null ? "none given" : d.consentDocRef())));
        }
    }

    private static void signatureBlock(PdfLayout pdf, SignatureBlock s, String signedDigest) {
        pdf.heading("Signature");
        if (s == null) {
            pdf.paragraph("Not signed. A signature covers this unsigned rendering; the signed copy prints the "
                    + "signer, algorithm, key id, signature and the SHA-256 of the bytes signed.");
            return;
        }
        pdf.table(
                List.of("", ""),
                new float[] {0.25f, 0.75f},
                List.of(
                        List.of("Signer", nz(s.signer())),
                        List.of("Algorithm", nz(s.algorithm())),
                        List.of("Key id", nz(s.keyId())),
                        List.of(
                                "Signed at",
                                s.signedAt() == null ? "" : s.signedAt().toString()),
                        List.of("Signed content", "SHA-256 " + signedDigest + " of the unsigned rendering")));
        pdf.subheading("Signature (hex)");
        pdf.paragraph(pdf.mono, 8, s.signatureHex().toLowerCase(Locale.ROOT));
    }

    private static String paramsText(Map<String, String> params) {
        if (params.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(" (");
        params.forEach((k, v) ->
                b.append(b.length() > 2 ? ", " : "").append(k).append('=').append(v));
        return b.append(')').toString();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-256", e);
        }
    }
}
