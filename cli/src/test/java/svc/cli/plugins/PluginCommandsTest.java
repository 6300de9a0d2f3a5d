package svc.cli.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/** {@code svc plugins} against the real server with the sample plugin: install, list, inspect, invoke, remove. */
@ExtendWith(LiveServer.Extension.class)
class PluginCommandsTest {

    static final String SAMPLE =
            Path.of("../examples/plugins/sample").toAbsolutePath().normalize().toString();

    private final Cli cli;

    PluginCommandsTest(LiveServer server) {
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void installListInspectInvokeRemove() {
        Cli.Result installed = cli.run("plugins", "install", SAMPLE);
        assertThat(installed.exitCode()).as(installed.toString()).isEqualTo(ExitCodes.OK);
        assertThat(installed
                        .json()
                        .path("install_drops")
                        .path("unsupported_hook_types")
                        .toString())
                .isEqualTo("[\"prompt\"]");
        try {
            assertThat(cli.run("plugins", "list", "--table").out())
                    .contains("sample")
                    .contains("1.0.0");
            assertThat(cli.run("plugins", "inspect", "sample")
                            .json()
                            .path("agents")
                            .get(0)
                            .asText())
                    .isEqualTo("plugin-sample::reviewer");
            assertThat(cli.run("plugins", "commands", "--table").out())
                    .contains("sample:review")
                    .contains("plugin-sample::reviewer");
            Cli.Result invoked = cli.run("plugins", "invoke", "sample:review", "the", "churn", "model");
            assertThat(invoked.exitCode()).as(invoked.toString()).isEqualTo(ExitCodes.OK);
            assertThat(invoked.json().path("state").asText()).isEqualTo("succeeded");
            assertThat(invoked.json().path("answer").asText()).contains("Leakage");
            assertThat(cli.run("plugins", "install", SAMPLE).exitCode()).isNotEqualTo(ExitCodes.OK);
            assertThat(cli.run("plugins", "invoke", "sample:nope").exitCode()).isNotEqualTo(ExitCodes.OK);
        } finally {
            assertThat(cli.run("plugins", "remove", "sample").exitCode()).isEqualTo(ExitCodes.OK);
        }
        assertThat(cli.run("plugins", "inspect", "sample").exitCode()).isNotEqualTo(ExitCodes.OK);
        assertThat(cli.run("plugins", "install", "/no/such/plugin").exitCode()).isEqualTo(ExitCodes.USAGE);
    }
}
