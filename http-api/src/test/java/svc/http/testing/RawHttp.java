package svc.http.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 exchange over a plain socket, for what the JDK client cannot do: send from another
 * loopback address (127.0.0.2, ... — per-IP limits) and send a WebSocket upgrade with the headers a
 * browser sends ({@code Origin}, {@code Cookie}) and read only the status of the answer.
 */
public final class RawHttp {

    /** The answer's status and headers (lower-case names, last value wins) and, unless an upgrade, the body. */
    public record Answer(int status, Map<String, String> headers, String body) {}

    private RawHttp() {}

    /** Sends the request from {@code from} and reads the answer's head (and its body, up to Content-Length). */
    public static Answer exchange(
            String base, String from, String method, String path, Map<String, String> headers, String body)
            throws IOException {
        URI uri = URI.create(base);
        try (Socket socket = new Socket()) {
            socket.setSoTimeout(30_000);
            if (from != null) {
                socket.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
            }
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 10_000);
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder();
            head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
            head.append("Host: ")
                    .append(uri.getHost())
                    .append(':')
                    .append(uri.getPort())
                    .append("\r\n");
            headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
            if (body != null) {
                head.append("Content-Type: application/json\r\n");
                head.append("Content-Length: ").append(content.length).append("\r\n");
            }
            head.append(headers.containsKey("Connection") ? "\r\n" : "Connection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
            InputStream in = socket.getInputStream();
            String statusLine = line(in);
            Map<String, String> answerHeaders = new LinkedHashMap<>();
            for (String l = line(in); !l.isEmpty(); l = line(in)) {
                int colon = l.indexOf(':');
                answerHeaders.put(
                        l.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        l.substring(colon + 1).strip());
            }
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            String text = "";
            if (status != 101 && answerHeaders.containsKey("content-length")) {
                byte[] bytes = in.readNBytes(Integer.parseInt(answerHeaders.get("content-length")));
                text = new String(bytes, StandardCharsets.UTF_8);
            }
            return new Answer(status, answerHeaders, text);
        }
    }

    /** A WebSocket upgrade request's headers, as a browser sends them, plus {@code extra}. */
    public static Map<String, String> upgrade(Map<String, String> extra) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Connection", "Upgrade");
        h.put("Upgrade", "websocket");
        h.put("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==");
        h.put("Sec-WebSocket-Version", "13");
        h.putAll(extra);
        return h;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
