package svc.governance.erasure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DatasetRowEraserTest {

    @Test
    void csvRemovesRowsWithAnExactCellAndKeepsTheHeader() {
        List<String> lines = List.of(
                "id,name,note",
                "cust-42,Ann,ok",
                "cust-420,Bob,mentions cust-42 in text",
                "\"cust-42\",\"Ann, again\",x",
                " cust-42 ,Ann,padded",
                "c-1,\"say \"\"cust-42\"\"\",y");
        var r = DatasetRowEraser.csv(lines, "cust-42");
        assertThat(r.removed()).isEqualTo(3);
        assertThat(r.lines())
                .containsExactly(
                        "id,name,note", "cust-420,Bob,mentions cust-42 in text", "c-1,\"say \"\"cust-42\"\"\",y");
    }

    @Test
    void csvOnTheRealAdultDataset() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("../data/adult/adult_train.csv"));
        // Holand-Netherlands occurs in exactly one row of the UCI Adult training file
        var r = DatasetRowEraser.csv(lines, "Holand-Netherlands");
        assertThat(r.removed()).isEqualTo(1);
        assertThat(r.lines()).hasSize(lines.size() - 1).first().isEqualTo(lines.get(0));
        assertThat(r.lines()).noneMatch(l -> l.contains("Holand-Netherlands"));
    }

    @Test
    void csvRefusesAMultiLineField() {
        assertThatThrownBy(() -> DatasetRowEraser.csv(List.of("a,b", "\"open,1"), "x"))
                .hasMessageContaining("line 2")
                .hasMessageContaining("unclosed");
    }

    @Test
    void jsonlMatchesTopLevelValuesOnly() {
        List<String> lines = List.of(
                "{\"id\":\"cust-42\",\"x\":1}",
                "{\"id\":\"c-1\",\"nested\":{\"id\":\"cust-42\"}}",
                "{\"id\":42}",
                "",
                "{\"id\":\"c-2\",\"note\":\"cust-42\"}");
        assertThat(DatasetRowEraser.jsonl(lines, "cust-42").removed()).isEqualTo(2);
        assertThat(DatasetRowEraser.jsonl(lines, "42").lines())
                .doesNotContain("{\"id\":42}")
                .hasSize(4);
        assertThatThrownBy(() -> DatasetRowEraser.jsonl(List.of("{\"a\":1}", "[1]"), "x"))
                .hasMessageContaining("line 2");
        assertThatThrownBy(() -> DatasetRowEraser.jsonl(List.of("{oops"), "x")).hasMessageContaining("line 1");
        assertThatThrownBy(() -> DatasetRowEraser.jsonl(lines, " ")).isInstanceOf(InvalidSubjectIdException.class);
    }
}
