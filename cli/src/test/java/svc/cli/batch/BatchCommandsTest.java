package svc.cli.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.ExitCodes;
import svc.cli.testing.Cli;
import svc.cli.testing.LiveServer;

/** The batch commands against the real server. */
@ExtendWith(LiveServer.Extension.class)
class BatchCommandsTest {

    private final LiveServer server;
    private final Cli cli;

    BatchCommandsTest(LiveServer server) {
        this.server = server;
        this.cli = new Cli().loggedInAsAdmin(server);
    }

    @Test
    void submitStatusResultsListAndRefusals() throws Exception {
        Path input = Files.createDirectories(server.home.resolve("datasets")).resolve("cli-echo.jsonl");
        Files.writeString(input, "{\"n\":1}\n{\"n\":2}\n");
        Cli.Result submitted = cli.run("batch", "submit", "--kind", "echo", "--input", input.toString());
        assertThat(submitted.exitCode()).as(submitted.toString()).isEqualTo(ExitCodes.OK);
        String id = submitted.json().path("batch_id").asText();
        assertThat(submitted.json().path("total").asInt()).isEqualTo(2);

        server.eventually(
                30,
                () -> assertThat(cli.run("batch", "status", id)
                                .json()
                                .path("state")
                                .asText())
                        .isEqualTo("succeeded"));
        Cli.Result results = cli.run("batch", "results", id);
        assertThat(results.exitCode()).as(results.toString()).isEqualTo(ExitCodes.OK);
        assertThat(results.out().lines().toList())
                .containsExactly("{\"index\":0,\"output\":{\"n\":1}}", "{\"index\":1,\"output\":{\"n\":2}}");
        server.eventually(
                10, () -> assertThat(cli.run("batch", "list", "--table").out()).contains(id));
        assertThat(cli.run("batch", "cancel", id).exitCode()).isNotEqualTo(ExitCodes.OK);
        assertThat(cli.run("batch", "resume", id).exitCode()).isNotEqualTo(ExitCodes.OK);
        assertThat(cli.run("batch", "results", "b-none").exitCode()).isEqualTo(ExitCodes.FAILURE);
        assertThat(cli.run("batch").exitCode()).isEqualTo(ExitCodes.USAGE);
    }
}
