package svc.bench.http;

import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A bounded HTTP load driver for a local svc server: {@code connections} client threads each
 * send requests back to back until {@code total} have been sent, then it prints requests per
 * second and the p50/p99 latency. Loopback only, so it cannot be pointed at someone else's host.
 *
 * <pre>
 * java -cp bench/target/classes svc.bench.http.HttpLoad http://127.0.0.1:8000/healthz 20000 8 [X-API-Key=...]
 * </pre>
 */
public final class HttpLoad {

    private HttpLoad() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: HttpLoad <url> <total requests> <connections> [Header=value ...]");
            System.exit(2);
        }
        URI uri = URI.create(args[0]);
        if (!InetAddress.getByName(uri.getHost()).isLoopbackAddress()) {
            System.err.println("HttpLoad: only loopback targets are allowed, got " + uri.getHost());
            System.exit(2);
        }
        int total = Math.min(Integer.parseInt(args[1]), 1_000_000);
        int connections = Math.max(1, Math.min(Integer.parseInt(args[2]), 64));
        List<String> headers = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            headers.add(args[i].substring(0, eq));
            headers.add(args[i].substring(eq + 1));
        }
        HttpRequest.Builder builder =
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET();
        for (int i = 0; i < headers.size(); i += 2) {
            builder.header(headers.get(i), headers.get(i + 1));
        }
        HttpRequest request = builder.build();

        // Warm-up: the JIT and the server's connection pool, not measured.
        run(request, Math.min(total / 5, 5_000), connections);
        long started = System.nanoTime();
        long[] latencies = run(request, total, connections);
        double seconds = (System.nanoTime() - started) / 1e9;
        Arrays.sort(latencies);
        System.out.printf(
                "%s: %d requests, %d connections, %.0f req/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                uri,
                total,
                connections,
                total / seconds,
                latencies[latencies.length / 2] / 1e6,
                latencies[(int) (latencies.length * 0.99)] / 1e6,
                latencies[latencies.length - 1] / 1e6);
    }

    private static long[] run(HttpRequest request, int total, int connections) throws Exception {
        long[] latencies = new long[total];
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < connections; w++) {
                int worker = w;
                workers.add(pool.submit(() -> {
                    HttpClient client = HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .build();
                    for (int i = worker; i < total; i += connections) {
                        long t0 = System.nanoTime();
                        HttpResponse<Void> r = client.send(request, HttpResponse.BodyHandlers.discarding());
                        latencies[i] = System.nanoTime() - t0;
                        if (r.statusCode() != 200) {
                            throw new IllegalStateException("HTTP " + r.statusCode() + " from " + request.uri());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return latencies;
    }
}
