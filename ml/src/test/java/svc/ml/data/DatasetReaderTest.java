package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void parsesRfc4180QuotingAndMissingTokens() throws IOException {
        Path p = write(
                "q.csv",
                "\uFEFFname,note,n\r\n"
                        + "\"Smith, J\",\"said \"\"hi\"\"\",1\r\n"
                        + "plain,\"two\nlines\",?\r\n"
                        + " spaced ,NA,3\n");
        Dataset d = DatasetReader.read(p);
        assertThat(d.rowCount()).isEqualTo(3);
        assertThat(d.columnNames()).containsExactly("name", "note", "n");
        assertThat(d.column("name").value(0)).isEqualTo("Smith, J");
        assertThat(d.column("note").value(0)).isEqualTo("said \"hi\"");
        assertThat(d.column("note").value(1)).isEqualTo("two\nlines");
        assertThat(d.column("name").value(2)).isEqualTo("spaced");
        assertThat(d.column("note").isMissing(2)).isTrue();
        assertThat(d.column("n").isMissing(1)).isTrue();
        assertThat(d.column("n").type()).isEqualTo(ColumnType.NUMERIC);
        assertThat(d.column("n").number(2)).isEqualTo(3.0);
    }

    @Test
    void raggedRowNamesItsLineCountingEmbeddedLineBreaks() throws IOException {
        Path p = write("r.csv", "a,b\n1,\"x\ny\"\n2,3\n4\n");
        assertThatThrownBy(() -> DatasetReader.read(p))
                .isInstanceOf(DataLoadException.class)
                .hasMessageContaining("line 5")
                .hasMessageContaining("expected 2 fields")
                .hasMessageContaining("found 1");
    }

    @Test
    void unclosedQuoteNamesTheLineWhereTheFieldStarts() throws IOException {
        Path p = write("u.csv", "a,b\n1,2\n3,\"oops\n4,5\n");
        assertThatThrownBy(() -> DatasetReader.read(p))
                .hasMessageContaining("line 3")
                .hasMessageContaining("never closed");
    }

    @Test
    void binaryFileIsRefusedBeforeParsing() throws IOException {
        Path p = dir.resolve("b.csv");
        Files.write(p, new byte[] {'a', ',', 'b', '\n', 0x50, 0x4b, 0x03, 0x04, 0, 0, 1});
        assertThatThrownBy(() -> DatasetReader.read(p))
                .isInstanceOf(DataLoadException.class)
                .hasMessageContaining("binary")
                .hasMessageContaining("offset 8");
    }

    @Test
    void emptyMissingAndHeaderOnlyFilesGiveClearErrors() throws IOException {
        Path empty = write("e.csv", "");
        assertThatThrownBy(() -> DatasetReader.read(empty)).hasMessageContaining("is empty");
        assertThatThrownBy(() -> DatasetReader.read(dir.resolve("nope.csv"))).hasMessageContaining("not found");
        Path header = write("h.csv", "a,b\n");
        assertThatThrownBy(() -> DatasetReader.read(header)).hasMessageContaining("no data rows");
    }

    @Test
    void oversizedFileIsRefusedByTheConfiguredLimit() throws IOException {
        Path p = write("big.csv", "a,b\n1,2\n3,4\n");
        assertThatThrownBy(() -> DatasetReader.read(p, ReadOptions.defaults().withMaxBytes(10)))
                .hasMessageContaining("over the limit of 10 bytes");
        assertThat(DatasetReader.read(p, ReadOptions.defaults().withMaxBytes(100))
                        .rowCount())
                .isEqualTo(2);
    }

    @Test
    void overlongFieldStopsEarlyInsteadOfFillingMemory() throws IOException {
        Path p = write("long.csv", "a,b\n1,\"" + "x".repeat(CsvParser.MAX_FIELD_CHARS + 10) + "\n");
        assertThatThrownBy(() -> DatasetReader.read(p))
                .hasMessageContaining("line 2")
                .hasMessageContaining("longer than");
    }

    @Test
    void infersBooleanAndDateColumns() throws IOException {
        Path p = write("t.csv", "flag,day,code\nyes,2024-01-02,A1\nno,2024-03-01,7\n,2023-12-31,B\n");
        Dataset d = DatasetReader.read(p);
        assertThat(d.column("flag").type()).isEqualTo(ColumnType.BOOLEAN);
        assertThat(d.column("flag").number(0)).isEqualTo(1.0);
        assertThat(d.column("day").type()).isEqualTo(ColumnType.DATE);
        assertThat(d.column("day").number(0)).isEqualTo(LocalDate.of(2024, 1, 2).toEpochDay());
        assertThat(d.column("code").type()).isEqualTo(ColumnType.CATEGORICAL);
    }

    @Test
    void readsJsonLinesWithUnionOfKeys() throws IOException {
        Path p = write(
                "d.jsonl", "{\"a\": 1, \"b\": \"x\"}\n\n{\"a\": 2.5, \"c\": true}\n{\"a\": null, \"b\": \"?\"}\n");
        Dataset d = DatasetReader.read(p);
        assertThat(d.columnNames()).containsExactly("a", "b", "c");
        assertThat(d.rowCount()).isEqualTo(3);
        assertThat(d.column("a").type()).isEqualTo(ColumnType.NUMERIC);
        assertThat(d.column("a").isMissing(2)).isTrue();
        assertThat(d.column("b").isMissing(1)).isTrue();
        assertThat(d.column("b").isMissing(2)).isTrue();
        assertThat(d.column("c").type()).isEqualTo(ColumnType.BOOLEAN);
    }

    @Test
    void jsonLineThatIsNotAnObjectIsNamed() throws IOException {
        Path p = write("bad.jsonl", "{\"a\": 1}\n[1,2]\n");
        assertThatThrownBy(() -> DatasetReader.read(p))
                .hasMessageContaining("line 2")
                .hasMessageContaining("object");
    }

    @Test
    void checkFindsTheShapeWithoutKeepingRowsAndNamesTheSourceInErrors() throws IOException {
        Path csv = write("c.bin", "a,b\n1,\"x,y\"\n\n2,z\n");
        assertThat(DatasetReader.check(csv, DatasetShape.CSV, "upload.csv"))
                .isEqualTo(new DatasetShape("csv", List.of("a", "b"), 2));
        Path jsonl = write("j.bin", "{\"a\":1}\n\n{\"b\":\"x\",\"a\":null}\n");
        assertThat(DatasetReader.check(jsonl, DatasetShape.JSONL, "rows.jsonl"))
                .isEqualTo(new DatasetShape("jsonl", List.of("a", "b"), 2));

        assertThatThrownBy(() -> DatasetReader.check(write("r.bin", "a,b\n1,2\n3\n"), "csv", "upload.csv"))
                .isInstanceOf(DataLoadException.class)
                .hasMessage("upload.csv line 3: expected 2 fields as in the header, found 1");
        assertThatThrownBy(() -> DatasetReader.check(write("h.bin", "a,b\n"), "csv", "upload.csv"))
                .hasMessage("upload.csv has a header but no data rows");
        assertThatThrownBy(() -> DatasetReader.check(write("n.bin", "{\"a\":1}\n[1]\n"), "jsonl", "x.jsonl"))
                .hasMessage("x.jsonl line 2: expected a JSON object, found ARRAY");
        assertThatThrownBy(() -> DatasetReader.check(write("d.bin", "{\"a\":{\"b\":1}}\n"), "jsonl", "x.jsonl"))
                .hasMessage("x.jsonl line 1: field 'a' is nested; only flat objects are supported");
        assertThatThrownBy(() -> DatasetReader.check(write("e.bin", ""), "csv", "empty.csv"))
                .hasMessage("empty.csv is empty");
    }
}
