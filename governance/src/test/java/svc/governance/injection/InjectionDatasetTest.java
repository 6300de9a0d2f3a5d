package svc.governance.injection;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.governance.pii.DataFiles;

/**
 * The 546 labelled texts of data/prompt_injection (deepset/prompt-injections, train split).
 * The floors below are the figures measured when the patterns were written, rounded down: a
 * pattern change that loses precision or recall fails here. The patterns were written while
 * reading this set, so these are in-sample figures, an upper bound for unseen text.
 */
class InjectionDatasetTest {

    @Test
    void precisionAndRecallStayAboveTheMeasuredFloors() throws IOException {
        InjectionDetector detector = InjectionDetector.patternsOnly();
        int tp = 0;
        int fp = 0;
        int fn = 0;
        int tn = 0;
        for (String line : Files.readAllLines(DataFiles.resolve("prompt_injection/prompt_injection_train.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode row = Json.MAPPER.readTree(line);
            boolean injection = row.get("label").asText().equals("injection");
            boolean blocked = detector.detect(row.get("text").asText()).blocked();
            if (blocked && injection) {
                tp++;
            } else if (blocked) {
                fp++;
            } else if (injection) {
                fn++;
            } else {
                tn++;
            }
        }
        double precision = tp / (double) (tp + fp);
        double recall = tp / (double) (tp + fn);
        double f1 = 2 * precision * recall / (precision + recall);
        System.out.printf(
                "prompt injection: n=%d tp=%d fp=%d fn=%d tn=%d precision=%.3f recall=%.3f f1=%.3f%n",
                tp + fp + fn + tn, tp, fp, fn, tn, precision, recall, f1);
        assertThat(tp + fp + fn + tn).isEqualTo(546);
        // measured 2026-11-22: tp=126 fp=0 fn=77 tn=343, precision 1.000, recall 0.621, F1 0.766
        assertThat(precision).isGreaterThanOrEqualTo(0.99);
        assertThat(recall).isGreaterThanOrEqualTo(0.62);
        assertThat(f1).isGreaterThanOrEqualTo(0.76);
    }
}
