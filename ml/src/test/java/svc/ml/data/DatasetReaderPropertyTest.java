package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

/**
 * Issue 18, item 3: whatever bytes a dataset file holds, reading it as CSV or JSON Lines gives a
 * dataset or a {@link DataLoadException} (the documented failure), within seconds; never another
 * exception type, never a hang.
 */
class DatasetReaderPropertyTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private static void readsOrRefuses(byte[] content, String extension) throws Exception {
        Path file = Files.createTempFile("prop", extension);
        try {
            Files.write(file, content);
            assertTimeoutPreemptively(DEADLINE, () -> {
                try {
                    Dataset d = DatasetReader.read(file);
                    assertThat(d.rowCount()).isNotNegative();
                    DatasetReader.check(file, extension.equals(".csv") ? DatasetShape.CSV : DatasetShape.JSONL, "f");
                } catch (DataLoadException expected) {
                    assertThat(expected.getMessage()).isNotBlank();
                }
            });
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Property(tries = 300)
    void anyBytesAsCsvOrJsonLines(@ForAll @Size(max = 2000) byte[] content) throws Exception {
        readsOrRefuses(content, ".csv");
        readsOrRefuses(content, ".jsonl");
    }

    @Property(tries = 300)
    void anyTextAsCsvOrJsonLines(@ForAll @StringLength(max = 1000) String text) throws Exception {
        readsOrRefuses(text.getBytes(StandardCharsets.UTF_8), ".csv");
        readsOrRefuses(text.getBytes(StandardCharsets.UTF_8), ".jsonl");
    }

    @Property(tries = 400)
    void nearlyWellFormedCsv(@ForAll("csv") String text) throws Exception {
        readsOrRefuses(text.getBytes(StandardCharsets.UTF_8), ".csv");
    }

    @Property(tries = 400)
    void nearlyWellFormedJsonLines(@ForAll("jsonl") String text) throws Exception {
        readsOrRefuses(text.getBytes(StandardCharsets.UTF_8), ".jsonl");
    }

    @Provide
    Arbitrary<String> csv() {
        Arbitrary<String> cell = Arbitraries.oneOf(
                Arbitraries.of(
                        "",
                        "1",
                        "-2.5",
                        "1e308",
                        "1e309",
                        "NaN",
                        "NA",
                        "?",
                        "\"a,b\"",
                        "\"a\"\"b\"",
                        "\"open",
                        "x\"y",
                        "\r",
                        "\u0000",
                        "\uFEFF",
                        "true",
                        "é",
                        "😀"),
                Arbitraries.strings().ofMaxLength(8));
        Arbitrary<String> line = cell.list().ofMinSize(0).ofMaxSize(6).map(cells -> String.join(",", cells));
        Arbitrary<String> sep = Arbitraries.of("\n", "\r\n", "\r", "\n\n");
        return Arbitraries.of("a,b,c", "a,a", "", "x", "\"h,1\",h2", "\uFEFFa,b")
                .flatMap(header ->
                        line.list().ofMaxSize(20).flatMap(lines -> sep.map(s -> header + s + String.join(s, lines))));
    }

    @Provide
    Arbitrary<String> jsonl() {
        Arbitrary<String> value = Arbitraries.of(
                "1",
                "-0",
                "1e999",
                "99999999999999999999999",
                "\"s\"",
                "null",
                "true",
                "[]",
                "[1,[2]]",
                "{}",
                "{\"n\":{\"m\":1}}",
                "\"\\ud800\"",
                "\"\\u0000\"",
                "NaN",
                "",
                "\"unterminated");
        Arbitrary<String> key = Arbitraries.of("a", "b", "", "a", "\\u0000", "é");
        Arbitrary<String> object = Arbitraries.maps(key, value).ofMaxSize(4).map(m -> {
            StringBuilder b = new StringBuilder("{");
            m.forEach((k, v) -> b.append(b.length() > 1 ? "," : "")
                    .append('"')
                    .append(k)
                    .append("\":")
                    .append(v));
            return b.append('}').toString();
        });
        Arbitrary<String> line = Arbitraries.oneOf(object, Arbitraries.of("", "[1]", "{", "}", "1", "{\"a\":1}{"));
        return line.list().ofMaxSize(15).map(lines -> String.join("\n", lines));
    }
}
