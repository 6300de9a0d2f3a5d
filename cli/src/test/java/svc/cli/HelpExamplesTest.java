package svc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every client command's {@code --help} ends with at least one example, so nobody has to guess
 * the syntax. (Other groups are checked by their own tests.)
 */
class HelpExamplesTest {

    @Test
    void everyCommandHasAnExampleInItsHelpFooter() {
        StringWriter sink = new StringWriter();
        CommandLine root = Main.commandLine(new PrintWriter(sink), new PrintWriter(sink));
        List<String> missing = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (String group : List.of(
                "login",
                "logout",
                "whoami",
                "health",
                "pipelines",
                "approvals",
                "features",
                "completion",
                "datasets",
                "models",
                "reports",
                "tokens",
                "users")) {
            walk(root.getSubcommands().get(group), missing, seen);
        }
        assertThat(seen)
                .contains(
                        "svc pipelines run", "svc approvals reject", "svc features set", "svc login", "svc completion");
        assertThat(missing)
                .as("commands without an example in their help footer")
                .isEmpty();
    }

    private static void walk(CommandLine command, List<String> missing, List<String> seen) {
        String name = command.getCommandSpec().qualifiedName();
        seen.add(name);
        if (!String.join("\n", command.getCommandSpec().usageMessage().footer()).contains("Examples:")) {
            missing.add(name);
        }
        command.getSubcommands().values().stream().distinct().forEach(sub -> walk(sub, missing, seen));
    }
}
