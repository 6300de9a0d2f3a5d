package svc.cli.retention;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/** The retention command against the real server. */
@ExtendWith(LiveServer.Extension.class)
class RetentionCommandsTest {

    private final Cli cli;

    RetentionCommandsTest(LiveServer server) {
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void aDryRunAndARunPrintTheReport() {
        Cli.Result dry = cli.run("retention", "run", "--dry-run");
        assertThat(dry.exitCode()).as(dry.toString()).isEqualTo(ExitCodes.OK);
        assertThat(dry.json().path("dry_run").asBoolean()).isTrue();
        assertThat(dry.json().path("pruned").isArray()).isTrue();
        Cli.Result run = cli.run("retention", "run");
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run.json().path("dry_run").asBoolean()).isFalse();
        assertThat(run.json().has("totals")).isTrue();
        assertThat(cli.run("retention").exitCode()).isEqualTo(ExitCodes.USAGE);
    }
}
