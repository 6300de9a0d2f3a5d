package svc.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/**
 * {@code svc admin reseal} against the real server, which runs with at-rest encryption off: the
 * API refuses with a problem that says why, and the command fails with it. The re-seal itself is
 * exercised end to end by {@code ResealEndToEndTest} (http-api).
 */
@ExtendWith(LiveServer.Extension.class)
class ResealCommandTest {

    private final Cli cli;

    ResealCommandTest(LiveServer server) {
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void withEncryptionOffTheServerRefusesAndTheCommandSaysWhy() {
        Cli.Result dry = cli.run("admin", "reseal", "--dry-run");
        assertThat(dry.exitCode()).as(dry.toString()).isNotEqualTo(ExitCodes.OK);
        assertThat(dry.toString()).contains("at-rest encryption is off");
        assertThat(cli.run("admin").exitCode()).isEqualTo(ExitCodes.USAGE);
    }
}
