package svc.ml.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import svc.ml.drift.DriftDetector;
import svc.ml.drift.DriftReport;

class AuditPdfWriterTest {

    private static String text(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        }
    }

    private static int pages(byte[] pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return doc.getNumberOfPages();
        }
    }

    @Test
    void pdfIsSmallAndItsKeyNumbersAreExtractable() throws IOException {
        byte[] pdf = AuditPdfWriter.render(SampleRun.report(), null);
        assertThat(pdf.length).isLessThan(500 * 1024);
        String text = text(pdf);
        assertThat(text)
                .contains("Audit report", "run-adult-0042")
                .contains(Figures.num(SampleRun.FAIRNESS.attribute("sex").demographicParityDifference()))
                .contains(Figures.num(SampleRun.TEST_ACCURACY))
                .contains(Figures.num(SampleRun.DRIFT.maxPsi()))
                .contains("FAILED")
                .contains("Female", "10,860", "5,421")
                .contains("native-country")
                .contains("marital-status=Married-civ-spouse", "1.2034") // bar chart labels and values
                .contains("ds-adult-7f3a", "model-rule-19c2")
                .contains("Not signed");
        // narrow cells break long words across lines
        assertThat(text.replaceAll("\\s+", "")).contains("ana.risk@bank.example", "reject");
    }

    @Test
    void renderingIsDeterministicSoTheSignedBytesCanBeReproduced() {
        RunReport r = SampleRun.report();
        byte[] unsigned = AuditPdfWriter.bytesToSign(r);
        assertThat(AuditPdfWriter.render(r, null)).isEqualTo(unsigned);
    }

    @Test
    void signedRenderingPrintsTheBlockAndTheDigestOfTheUnsignedBytes() throws IOException {
        RunReport r = SampleRun.report();
        String digest = AuditPdfWriter.sha256(AuditPdfWriter.bytesToSign(r));
        String hex = "ab".repeat(64);
        byte[] signed = AuditPdfWriter.render(
                r,
                new SignatureBlock(
                        "compliance-bot", "Ed25519", "key-2026-11", hex, Instant.parse("2026-11-21T11:00:00Z")));
        String text = text(signed).replaceAll("\\s+", "");
        assertThat(text).contains("compliance-bot", "Ed25519", "key-2026-11", digest, hex);
        assertThat(text).doesNotContain("Notsigned");
    }

    @Test
    void longTablesPaginateAndLongOrUnencodableTextStillRenders() throws IOException {
        Map<String, double[]> ref = new LinkedHashMap<>();
        Map<String, double[]> cur = new LinkedHashMap<>();
        for (int f = 0; f < 150; f++) {
            double[] a = new double[50];
            double[] b = new double[50];
            for (int i = 0; i < 50; i++) {
                a[i] = i;
                b[i] = i + f * 0.1;
            }
            ref.put("feature_" + f, a);
            cur.put("feature_" + f, b);
        }
        DriftReport drift = DriftDetector.compare(ref, cur, Map.of(), Map.of());
        String problem =
                "Approve loans when score ≥ 0.7 → flag 数据 for review\tplease. " + "word ".repeat(400) + "x".repeat(300);
        byte[] pdf = AuditPdfWriter.render(SampleRun.report(SampleRun.FAIRNESS, drift, problem), null);
        assertThat(pages(pdf)).isGreaterThanOrEqualTo(5);
        String text = text(pdf);
        assertThat(text).contains("feature_0", "feature_149", "score >= 0.7 -> flag ?? for review");
        // the table header is repeated on the pages the drift table runs onto
        assertThat(text.split("KS p-value", -1).length - 1).isGreaterThanOrEqualTo(3);
    }

    @Test
    void emptyOptionalPartsAreStatedPlainly() throws IOException {
        RunReport full = SampleRun.report();
        RunReport bare = new RunReport(
                full.runId(),
                "",
                full.dataset(),
                full.target(),
                full.task(),
                full.learner(),
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(),
                null,
                null,
                new ArrayList<>(),
                List.of(),
                full.lineage(),
                full.createdAt());
        String text = text(AuditPdfWriter.render(bare, null));
        assertThat(text)
                .contains(
                        "No fairness audit was run",
                        "No drift report was computed",
                        "No SHAP values were computed",
                        "No human approval is recorded");
    }
}
