package svc.governance.pii;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import svc.config.Json;

/**
 * Precision and recall per entity type, printed as a table: the measurement behind the README's G4
 * figures. Two sets: the bundled {@code data/pii/pii_vectors.jsonl} (taken from Presidio's and
 * detect-secrets' tests) and {@code pii_rule_vectors.jsonl} here, one or more cases per rule of the
 * card and SSN recognizers (every card length 12-19, every SSN separator, each invalid-SSN rule)
 * with the look-alikes that must not match. A match counts only with the exact type and span. A
 * third set, {@code hipaa_vectors.jsonl}, does the same for the HIPAA Safe Harbor pack.
 *
 * <p>Run: {@code ./mvnw -B -o -q -pl governance -am verify -Dtest='PiiQualityTest'
 * -Dsurefire.failIfNoSpecifiedTests=false} and read the table on standard output.
 */
class PiiQualityTest {

    private static final PiiDetector DETECTOR = PiiDetector.defaults();
    private static final PiiDetector SAFE_HARBOR = PiiDetector.safeHarbor();

    static Stream<MarkedVectors.Vector> ruleVectors() {
        return MarkedVectors.load("pii_rule_vectors.jsonl").stream();
    }

    static Stream<MarkedVectors.Vector> hipaaVectors() {
        return MarkedVectors.load("hipaa_vectors.jsonl").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hipaaVectors")
    void eachSafeHarborVectorIsDetectedExactlyByTheSafeHarborPack(MarkedVectors.Vector v) {
        assertThat(spans(SAFE_HARBOR, v.text())).as(v.note()).containsExactlyElementsOf(v.entities());
    }

    @Test
    void safeHarborPrecisionAndRecallPerType() throws IOException {
        List<MarkedVectors.Vector> hipaa = hipaaVectors().toList();
        Map<String, int[]> table = score(SAFE_HARBOR, hipaa);
        System.out.print(format("G4 Safe Harbor pack, hipaa_vectors.jsonl, " + hipaa.size() + " texts", table));
        int[] total = totals(table);
        assertThat(total[1]).as("false positives").isZero();
        assertThat(total[2]).as("missed entities").isZero();
    }

    @Test
    void theSafeHarborPackKeepsTheDefaultsResults() throws IOException {
        List<MarkedVectors.Vector> all = new ArrayList<>(bundledVectors());
        all.addAll(ruleVectors().toList());
        List<MarkedVectors.Vector> withoutDates =
                all.stream().filter(v -> !v.text().contains("2024-05-17")).toList();
        assertThat(totals(score(SAFE_HARBOR, withoutDates))).containsExactly(totals(score(DETECTOR, withoutDates)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ruleVectors")
    void eachRuleVectorIsDetectedExactly(MarkedVectors.Vector v) {
        assertThat(spans(DETECTOR, v.text())).as(v.note()).containsExactlyElementsOf(v.entities());
    }

    @Test
    void precisionAndRecallPerType() throws IOException {
        List<MarkedVectors.Vector> all = new ArrayList<>(bundledVectors());
        all.addAll(ruleVectors().toList());
        Map<String, int[]> table = score(DETECTOR, all);
        System.out.print(format("G4 default recognizers, " + all.size() + " texts", table));
        int[] total = totals(table);
        assertThat(total[1]).as("false positives").isZero();
        assertThat(total[2]).as("missed entities").isZero();
    }

    /** Per type: {true positives, false positives, false negatives}. */
    static Map<String, int[]> score(PiiDetector detector, List<MarkedVectors.Vector> vectors) {
        Map<String, int[]> table = new TreeMap<>();
        for (MarkedVectors.Vector v : vectors) {
            List<MarkedVectors.Span> actual = spans(detector, v.text());
            for (MarkedVectors.Span a : actual) {
                table.computeIfAbsent(a.type(), t -> new int[3])[v.entities().contains(a) ? 0 : 1]++;
            }
            for (MarkedVectors.Span e : v.entities()) {
                if (!actual.contains(e)) {
                    table.computeIfAbsent(e.type(), t -> new int[3])[2]++;
                }
            }
        }
        return table;
    }

    static int[] totals(Map<String, int[]> table) {
        int[] total = new int[3];
        table.values().forEach(c -> {
            for (int i = 0; i < 3; i++) {
                total[i] += c[i];
            }
        });
        return total;
    }

    static String format(String title, Map<String, int[]> table) {
        StringBuilder b = new StringBuilder("\n" + title + "\n");
        b.append(String.format("%-22s %5s %5s %5s %9s %7s%n", "type", "tp", "fp", "fn", "precision", "recall"));
        Map<String, int[]> rows = new TreeMap<>(table);
        rows.put("~ all", totals(table));
        rows.forEach((type, c) -> b.append(String.format(
                "%-22s %5d %5d %5d %9.3f %7.3f%n",
                type, c[0], c[1], c[2], ratio(c[0], c[0] + c[1]), ratio(c[0], c[0] + c[2]))));
        return b.toString();
    }

    private static double ratio(int a, int b) {
        return b == 0 ? 1.0 : a / (double) b;
    }

    static List<MarkedVectors.Span> spans(PiiDetector detector, String text) {
        return detector.detect(text).stream()
                .map(e -> new MarkedVectors.Span(e.type().name(), e.start(), e.end()))
                .toList();
    }

    private static List<MarkedVectors.Vector> bundledVectors() throws IOException {
        List<MarkedVectors.Vector> out = new ArrayList<>();
        for (String line : Files.readAllLines(DataFiles.resolve("pii/pii_vectors.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = Json.MAPPER.readTree(line);
            List<MarkedVectors.Span> entities = new ArrayList<>();
            n.get("entities")
                    .forEach(e -> entities.add(new MarkedVectors.Span(
                            e.get("type").asText(),
                            e.get("start").asInt(),
                            e.get("end").asInt())));
            out.add(new MarkedVectors.Vector(
                    n.get("text").asText(), entities, n.path("note").asText("")));
        }
        return out;
    }
}
