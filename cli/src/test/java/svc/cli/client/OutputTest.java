package svc.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.cli.ExitCodes;
import svc.config.Json;

/** Table output of list envelopes, and how API errors read. */
class OutputTest {

    private static final List<Column> COLUMNS =
            List.of(Column.field("NAME", "name"), Column.field("ENABLED", "enabled"));

    private static String table(String envelope) {
        StringWriter sink = new StringWriter();
        new Output(new PrintWriter(sink)).list(Json.parse(envelope), true, COLUMNS);
        return sink.toString().replace(System.lineSeparator(), "\n");
    }

    @Test
    void aTableAlignsColumnsAndSaysWhenThePageIsNotEverything() {
        String text =
                table("{\"items\":[{\"name\":\"hooks_enabled\",\"enabled\":true},{\"name\":\"x\",\"enabled\":null}],"
                        + "\"total\":7,\"limit\":2,\"offset\":2}");
        assertThat(text).isEqualTo("""
        NAME           ENABLED
        hooks_enabled  true
        x              -
        (3-4 of 7; see more with --offset and --limit)
        """);
    }

    @Test
    void anEmptyListSaysNone() {
        assertThat(table("{\"items\":[],\"total\":0,\"limit\":50,\"offset\":0}"))
                .isEqualTo("NAME  ENABLED\n(none)\n");
    }

    @Test
    void longCellsAreCut() {
        String text = table("{\"items\":[{\"name\":\"" + "n".repeat(100)
                + "\",\"enabled\":false}],\"total\":1,\"limit\":50,\"offset\":0}");
        assertThat(text.lines().skip(1).findFirst().orElseThrow())
                .startsWith("n".repeat(Output.MAX_CELL - 1) + "…  false");
    }

    @Test
    void aProblemReadsAsTitleDetailAndCorrelationId() {
        ApiError error = ApiError.of(
                404,
                "{\"title\":\"Not found\",\"detail\":\"no run r-1\",\"correlation_id\":\"c-9\"}",
                "c-header",
                null);
        assertThat(error.exitCode()).isEqualTo(ExitCodes.SERVER);
        assertThat(error.getMessage().split("\\R"))
                .containsExactly("Not found: no run r-1", "  HTTP 404, correlation id c-9");
        assertThat(ApiError.of(403, "{}", null, null).exitCode()).isEqualTo(ExitCodes.AUTH);
        ApiError proxy = ApiError.of(502, "<html>\n<body>Bad gateway</body></html>", "c-1", null);
        assertThat(proxy.getMessage())
                .startsWith("HTTP 502: <html> <body>Bad gateway</body></html>")
                .endsWith("correlation id c-1");
    }
}
