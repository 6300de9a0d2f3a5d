package svc.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;

/** What the client commands do without any server: unreachable servers, usage errors, help, completion. */
class OfflineCommandsTest {

    private final Cli cli = new Cli();

    /** A loopback port nobody listens on: bound, then released. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void aServerThatIsDownIsOneLineAndExitCode5() throws IOException {
        String url = "http://127.0.0.1:" + closedPort();
        Cli.Result result = cli.run("pipelines", "list", "--url", url);
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(result.out()).isEmpty();
        assertThat(result.err())
                .isEqualTo("svc: cannot reach the server at " + url + ": connection refused (is 'svc server' running?)"
                        + System.lineSeparator());
    }

    @Test
    void svcUrlFromTheEnvironmentIsUsedAndTheDefaultIsLocalhost8000() throws IOException {
        String url = "http://127.0.0.1:" + closedPort();
        Cli.Result fromEnv = cli.env("SVC_URL", url + "/").run("health");
        assertThat(fromEnv.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
        assertThat(fromEnv.err()).contains("at " + url + ":");

        Cli.Result explicit = cli.run("features", "list", "--url", "http://127.0.0.1:" + closedPort());
        assertThat(explicit.err()).doesNotContain(url + ":");
    }

    @Test
    void aUrlThatIsNotHttpIsAUsageError() {
        Cli.Result result = cli.run("pipelines", "status", "r-1", "--url", "localhost:8000");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(result.err()).contains("'localhost:8000' is not an http(s) address");
    }

    @Test
    void badOptionsAreUsageErrorsWithExitCode2() {
        assertThat(cli.run("pipelines", "run", "--problem", "p").exitCode())
                .as("missing --dataset")
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("pipelines", "list", "--limit", "0").exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("pipelines", "list", "--limit", "many").exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("pipelines").exitCode())
                .as("group without subcommand")
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("approvals", "reject", "g-1").exitCode())
                .as("reject without --rationale")
                .isEqualTo(ExitCodes.USAGE);
        assertThat(cli.run("features", "set", "hooks_enabled", "maybe").exitCode())
                .isEqualTo(ExitCodes.USAGE);
        Cli.Result noTerminal = cli.run("login", "--email", "a@example.com", "--url", "http://127.0.0.1:1");
        assertThat(noTerminal.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(noTerminal.err()).contains("--password-stdin");
    }

    @Test
    void helpShowsOptionsAndAnExample() {
        Cli.Result help = cli.run("pipelines", "run", "--help");
        assertThat(help.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(help.out()).contains("--dataset=PATH", "--follow", "Examples:", "svc pipelines run --dataset");
    }

    @Test
    void completionPrintsABashScriptCoveringTheClientCommands() {
        Cli.Result result = cli.run("completion", "bash");
        assertThat(result.exitCode()).as(result.toString()).isEqualTo(ExitCodes.OK);
        assertThat(result.out())
                .contains("complete -F", "_picocli_svc", "pipelines", "approvals", "--password-stdin", "--table");
        assertThat(cli.run("completion", "fish").exitCode()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void logoutWithoutALoginSaysSoAndSucceeds() {
        Cli.Result result = cli.run("logout");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(result.out()).contains("Not logged in");
    }

    @Test
    void whoamiWithoutALoginIsAnAuthError() {
        Cli.Result result = cli.run("whoami");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(result.err()).contains("not logged in", "svc login");
    }
}
