package svc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void versionNamesTheProduct() {
        assertThat(run("--version")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).startsWith("svc ");
    }

    @Test
    void helpListsUsage() {
        assertThat(run("--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Usage: svc");
    }

    @Test
    void unknownSubcommandIsAUsageError() {
        assertThat(run("no-such-command")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no-such-command");
    }
}
