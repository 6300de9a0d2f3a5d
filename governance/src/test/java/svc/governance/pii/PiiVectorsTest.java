package svc.governance.pii;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import svc.config.Json;

/** Every line of data/pii/pii_vectors.jsonl: exactly the listed entities, nothing else. */
class PiiVectorsTest {

    private static final PiiDetector DETECTOR = PiiDetector.defaults();

    record Expected(String type, int start, int end) {}

    record Vector(String text, List<Expected> entities, String note) {
        @Override
        public String toString() {
            return text.length() > 60 ? text.substring(0, 60) + "..." : text;
        }
    }

    static Stream<Vector> vectors() throws IOException {
        List<Vector> out = new ArrayList<>();
        for (String line : Files.readAllLines(DataFiles.resolve("pii/pii_vectors.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = Json.MAPPER.readTree(line);
            List<Expected> entities = new ArrayList<>();
            n.get("entities")
                    .forEach(e -> entities.add(new Expected(
                            e.get("type").asText(),
                            e.get("start").asInt(),
                            e.get("end").asInt())));
            out.add(new Vector(n.get("text").asText(), entities, n.path("note").asText("")));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void detectsExactlyTheLabelledEntities(Vector v) {
        List<Expected> actual = DETECTOR.detect(v.text()).stream()
                .map(e -> new Expected(e.type().name(), e.start(), e.end()))
                .toList();
        assertThat(actual).as(v.note()).containsExactlyElementsOf(v.entities());
    }

    @Test
    void precisionAndRecallOverTheWholeFileArePerfect() throws IOException {
        int tp = 0;
        int fp = 0;
        int fn = 0;
        for (Vector v : vectors().toList()) {
            List<Expected> actual = DETECTOR.detect(v.text()).stream()
                    .map(e -> new Expected(e.type().name(), e.start(), e.end()))
                    .toList();
            for (Expected a : actual) {
                if (v.entities().contains(a)) {
                    tp++;
                } else {
                    fp++;
                }
            }
            fn += (int) v.entities().stream().filter(e -> !actual.contains(e)).count();
        }
        System.out.printf("PII vectors: tp=%d fp=%d fn=%d%n", tp, fp, fn);
        assertThat(tp).isEqualTo(42);
        assertThat(fp).isZero();
        assertThat(fn).isZero();
    }
}
