package svc.cli.cron;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/** The cron commands against the real server. */
@ExtendWith(LiveServer.Extension.class)
class CronCommandsTest {

    private final Cli cli;

    CronCommandsTest(LiveServer server) {
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void createListRunHistoryDelete() {
        Cli.Result created = cli.run(
                "cron",
                "create",
                "cli-job",
                "--schedule",
                "0 2 * * *",
                "--kind",
                "custom",
                "--params",
                "{\"tool\":\"list_artifacts\",\"agent\":\"data-profiler\"}");
        assertThat(created.exitCode()).as(created.toString()).isEqualTo(ExitCodes.OK);
        assertThat(cli.run("cron", "list", "--table").out()).contains("cli-job");
        Cli.Result run = cli.run("cron", "run", "cli-job");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run.json().path("status").asText()).isEqualTo("succeeded");
        assertThat(cli.run("cron", "runs", "cli-job").json().path("total").asInt())
                .isEqualTo(1);
        assertThat(cli.run("cron", "delete", "cli-job").exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(cli.run("cron", "runs", "cli-job").exitCode()).isNotEqualTo(ExitCodes.OK);
        assertThat(cli.run("cron", "create", "x", "--schedule", "* * * * *", "--kind", "custom", "--params", "{")
                        .exitCode())
                .isEqualTo(ExitCodes.USAGE);
    }
}
