package svc.cli.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.testing.LiveServer;

/** The WebSocket side of the client: every way a stream can fail is one line with its exit code. */
@ExtendWith(LiveServer.Extension.class)
class ApiClientStreamTest {

    private final LiveServer server;

    ApiClientStreamTest(LiveServer server) {
        this.server = server;
    }

    @Test
    void aRefusedUpgradeIsTheServersProblemDetails() {
        ApiClient anonymous = new ApiClient(URI.create(server.url), Optional.empty());
        List<JsonNode> messages = new CopyOnWriteArrayList<>();

        assertThatThrownBy(() -> anonymous.await(anonymous.stream("/api/v1/pipelines/some-run/stream", messages::add)))
                .isInstanceOfSatisfying(ApiError.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCodes.AUTH);
                    assertThat(e.getMessage()).contains("log in first");
                });
        assertThat(messages).isEmpty();
    }

    @Test
    void aServerThatIsNotThereIsOneLineNamingIt() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        ApiClient api = new ApiClient(URI.create("http://127.0.0.1:" + closedPort), Optional.of("token"));

        assertThatThrownBy(() -> api.await(api.stream("/api/v1/pipelines/r/stream", m -> {})))
                .isInstanceOfSatisfying(CliException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
                    assertThat(e.getMessage())
                            .startsWith("cannot reach the server at http://127.0.0.1:" + closedPort)
                            .doesNotContain("\n");
                });
    }
}
