package svc.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/**
 * A body sent to an endpoint that reads none (here a GET of the 150 KB {@code /openapi.json}) is
 * read before the answer. Answered early, the server closed the connection with the body unread
 * and the kernel's reset cut the answer's tail at the client (seen in CI under load).
 */
@ExtendWith(ServerExtension.class)
class UnreadBodyTest {

    private final TestServer server;

    UnreadBodyTest(TestServer server) {
        this.server = server;
    }

    @Test
    void aBodyNobodyReadsIsDrainedFirstAndTheConnectionStaysOpen() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.server.address().getPort())) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int round = 0; round < 3; round++) {
                out.write(("GET /openapi.json HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                                + "Content-Length: 2\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                // Headers alone: the server waits for the body instead of answering before it.
                socket.setSoTimeout(1_500);
                assertThatThrownBy(in::read)
                        .as("round " + round + ": no answer before the body")
                        .isInstanceOf(SocketTimeoutException.class);
                out.write("{}".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                socket.setSoTimeout(60_000);
                String head = readHead(in);
                assertThat(head).startsWith("HTTP/1.1 200");
                assertThat(head.toLowerCase(Locale.ROOT)).doesNotContain("connection: close");
                int length = contentLength(head);
                byte[] body = in.readNBytes(length);
                assertThat(body).as("round " + round + ": the whole document").hasSize(length);
                assertThat(new String(body, StandardCharsets.UTF_8)).endsWith("}");
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed in the answer's head: " + head);
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(line.indexOf(':') + 1).strip());
            }
        }
        throw new AssertionError("no Content-Length in " + head);
    }
}
