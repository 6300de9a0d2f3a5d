package svc.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import svc.config.Json;

/**
 * The load soak of issue 18: one {@code svc server} process (H2 under a fresh {@code SVC_HOME}, the
 * embedded scripted model, the real ML tools) kept at {@code N} concurrent {@code fast_prototype}
 * runs on German Credit for {@code M} minutes (a finished run is replaced at once, its registration
 * gate approved as soon as it opens), while {@code R} readers loop over {@code GET
 * /api/v1/pipelines?limit=50} and {@code GET /api/v1/pipelines/<id>}.
 *
 * <p>Reported: runs finished, failed runs and error answers (any status of 400 or above, any
 * I/O failure), read p50/p99/max over the whole soak, and each minute the server's heap after a
 * full GC ({@code jcmd <pid> GC.run} then {@code GC.heap_info}: the sum of the generations' used
 * sizes). A sample taken while the runs are in flight swings with what they hold at that instant,
 * so at the end no run is replaced, the active ones finish, the server idles 45 s and the heap
 * after a full GC is sampled once more with the largest classes: what a leak would leave. Exits 1
 * when an error was counted or that drained heap is more than 25 % above the median of the minute
 * samples (minute 0, the idle server before any run, left out).
 *
 * <p>Needs the jar ({@code ./mvnw -B -o -DskipTests -pl cli,bench -am package}); run from the
 * repository root: {@code java -cp "bench/target/classes:$(cat bench/target/cp.txt)"
 * svc.bench.soak.SoakBench 50 10 4}.
 */
public final class SoakBench {

    private static final String KEY = "soak-admin-key-0123456789";
    private static final Pattern USED = Pattern.compile("(?:generation|heap|space)\\s+total \\d+K, used (\\d+)K");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private final String url;
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();
    private final AtomicLong failedRuns = new AtomicLong();
    private final List<String> errorSamples = new ArrayList<>();
    private final Set<String> active = ConcurrentHashMap.newKeySet();
    private final LatencyLog reads = new LatencyLog();
    /** Whether a finished run is replaced by a new one; off while the soak drains. */
    private volatile boolean replace = true;

    private SoakBench(String url) {
        this.url = url;
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int minutes = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int readers = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Path work = Files.createTempDirectory("svc-soak");
        int port = freePort();
        Process server = startServer(work, port);
        int code;
        try {
            SoakBench soak = new SoakBench("http://127.0.0.1:" + port);
            soak.awaitUp(server);
            code = soak.soak(server, runs, minutes, readers);
        } finally {
            server.destroy();
            if (!server.waitFor(60, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        System.out.println("server log and SVC_HOME: " + work);
        System.exit(code);
    }

    private int soak(Process server, int runs, int minutes, int readers) throws Exception {
        Path dataset = Path.of("data/german_credit/german_credit.csv").toAbsolutePath();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(readers + 1);
        for (int i = 0; i < readers; i++) {
            pool.submit(() -> read(stop));
        }
        long start = System.nanoTime();
        long end = start + TimeUnit.MINUTES.toNanos(minutes);
        for (int i = 0; i < runs; i++) {
            startRun(dataset);
        }
        List<Long> heap = new ArrayList<>();
        System.out.printf("%-6s %8s %8s %7s %12s %9s%n", "minute", "finished", "failed", "errors", "heap_MB", "load1");
        long nextSample = start;
        int minute = 0;
        while (System.nanoTime() < end) {
            if (System.nanoTime() >= nextSample) {
                long used = heapAfterFullGc(server.pid());
                heap.add(used);
                System.out.printf(
                        "%-6d %8d %8d %7d %12.1f %9s%n",
                        minute, finished.get(), failedRuns.get(), errors.get(), used / 1024.0 / 1024.0, loadAverage());
                minute++;
                nextSample = start + TimeUnit.MINUTES.toNanos(minute);
            }
            poll(dataset);
            TimeUnit.MILLISECONDS.sleep(500);
        }
        long used = heapAfterFullGc(server.pid());
        heap.add(used);
        System.out.printf(
                "%-6d %8d %8d %7d %12.1f %9s%n",
                minute, finished.get(), failedRuns.get(), errors.get(), used / 1024.0 / 1024.0, loadAverage());
        stop.set(true);
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        // A sample during the soak holds whatever the runs in flight hold at that instant; what a leak
        // leaves is what stays once they are done. So: no new runs, the active ones finish, the server
        // idles past H2's LOB_TIMEOUT (30 s), then one more sample and the largest classes.
        replace = false;
        long drainEnd = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (!active.isEmpty() && System.nanoTime() < drainEnd) {
            poll(dataset);
            TimeUnit.MILLISECONDS.sleep(500);
        }
        TimeUnit.SECONDS.sleep(45);
        long drained = heapAfterFullGc(server.pid());
        String histogram = jcmd(server.pid(), "GC.class_histogram")
                .lines()
                .skip(1)
                .limit(12)
                .collect(Collectors.joining("\n"));
        System.out.printf(
                "drained (%d runs still active): heap after full GC %.1f MB; largest classes:%n%s%n",
                active.size(), drained / 1024.0 / 1024.0, histogram);
        long[] lat = reads.sorted();
        // Minute 0 is the idle server before the first run: not part of the soak's steady state.
        long[] steady =
                heap.stream().skip(1).mapToLong(Long::longValue).sorted().toArray();
        long median = steady.length == 0 ? heap.get(0) : steady[steady.length / 2];
        double growth = (double) drained / median - 1;
        System.out.printf(
                "soak: %d concurrent runs for %d min: %d finished, %d failed, %d error answers; %d reads,"
                        + " p50 %.1f ms, p99 %.1f ms, max %.1f ms; heap after full GC each minute %s MB;"
                        + " drained %.0f MB (%+.1f %% against the median minute, %.0f MB)%n",
                runs,
                minutes,
                finished.get(),
                failedRuns.get(),
                errors.get(),
                lat.length,
                percentile(lat, 0.50),
                percentile(lat, 0.99),
                lat.length == 0 ? 0 : lat[lat.length - 1] / 1e6,
                heap.stream()
                        .map(h -> String.format("%.0f", h / 1024.0 / 1024.0))
                        .toList(),
                drained / 1024.0 / 1024.0,
                growth * 100,
                median / 1024.0 / 1024.0);
        synchronized (errorSamples) {
            errorSamples.forEach(e -> System.out.println("error: " + e));
        }
        return errors.get() == 0 && failedRuns.get() == 0 && growth <= 0.25 ? 0 : 1;
    }

    /** One pass over the active runs: approve open gates, replace finished runs. */
    private void poll(Path dataset) throws Exception {
        for (String id : List.copyOf(active)) {
            JsonNode run = send("GET", "/api/v1/pipelines/" + id, null);
            if (run == null) {
                continue;
            }
            switch (run.path("state").asText()) {
                case "succeeded" -> {
                    active.remove(id);
                    finished.incrementAndGet();
                    if (replace) {
                        startRun(dataset);
                    }
                }
                case "failed", "cancelled" -> {
                    active.remove(id);
                    failedRuns.incrementAndGet();
                    error("run " + id + " ended " + run.path("state").asText() + ": " + run.path("error"));
                    if (replace) {
                        startRun(dataset);
                    }
                }
                case "waiting_approval" -> {
                    for (JsonNode gate : run.path("pending_gates")) {
                        send(
                                "POST",
                                "/api/v1/approvals/" + gate.path("gate_id").asText(),
                                "{\"decision\":\"approve\",\"rationale\":\"soak\"}");
                    }
                }
                default -> {}
            }
        }
    }

    private void read(AtomicBoolean stop) {
        while (!stop.get()) {
            List<String> ids = List.copyOf(active);
            String path = ids.isEmpty() || System.nanoTime() % 2 == 0
                    ? "/api/v1/pipelines?limit=50"
                    : "/api/v1/pipelines/" + ids.get((int) (System.nanoTime() % ids.size()));
            long t0 = System.nanoTime();
            if (send("GET", path, null) != null) {
                reads.add(System.nanoTime() - t0);
            }
            // Paced (about 20 reads/s a reader): the reads sample the API under the runs' load, not replace it.
            try {
                TimeUnit.MILLISECONDS.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void startRun(Path dataset) {
        JsonNode run = send(
                "POST",
                "/api/v1/pipelines",
                Json.object()
                        .put("problem", "Predict credit risk, fairly across sex.")
                        .put("dataset_path", dataset.toString())
                        .put("template", "fast_prototype")
                        .toString());
        if (run != null) {
            active.add(run.path("run_id").asText());
        }
    }

    /** The answer's JSON, or null after counting an error (status 400 or above, or no answer). */
    private JsonNode send(String method, String path, String body) {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url + path))
                            .timeout(Duration.ofSeconds(60))
                            .header("X-API-Key", KEY)
                            .header("Content-Type", "application/json")
                            .method(
                                    method,
                                    body == null
                                            ? HttpRequest.BodyPublishers.noBody()
                                            : HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() >= 400) {
                error(method + " " + path + ": " + r.statusCode() + " " + r.body());
                return null;
            }
            return Json.parse(r.body());
        } catch (IOException e) {
            error(method + " " + path + ": " + e);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void error(String what) {
        errors.incrementAndGet();
        synchronized (errorSamples) {
            if (errorSamples.size() < 20) {
                errorSamples.add(what);
            }
        }
    }

    // ---- the server --------------------------------------------------------------------------

    private static Process startServer(Path work, int port) throws IOException {
        Path home = Files.createDirectories(work.resolve("home"));
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx768m",
                        "-Djava.util.concurrent.ForkJoinPool.common.parallelism=4",
                        "-jar",
                        Path.of(System.getProperty("svc.jar", "cli/target/svc.jar"))
                                .toAbsolutePath()
                                .toString(),
                        "server",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        Integer.toString(port))
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("server.log").toFile());
        Map<String, String> env = pb.environment();
        env.put("SVC_HOME", home.toString());
        env.put("SVC_DATA_DIRS", Path.of("data").toAbsolutePath().toString());
        env.put("SVC_API_KEYS", KEY);
        env.put("SVC_ADMIN_EMAIL", "admin@example.com");
        env.put("SVC_ADMIN_PASSWORD", "soak-password-0123");
        env.put("SVC_MAX_CONCURRENT_PIPELINES", "100");
        env.put("SVC_LOG_LEVEL", "WARNING");
        env.put("OMP_WAIT_POLICY", "PASSIVE");
        return pb.start();
    }

    private void awaitUp(Process server) throws Exception {
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < end) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the server exited with " + server.exitValue() + "; see its log");
            }
            try {
                HttpResponse<Void> r = HTTP.send(
                        HttpRequest.newBuilder(URI.create(url + "/healthz")).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not up yet
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new IllegalStateException("the server did not come up");
    }

    /** Bytes used in the heap right after a full collection, as the JVM itself reports them. */
    static long heapAfterFullGc(long pid) throws IOException, InterruptedException {
        jcmd(pid, "GC.run");
        return usedHeap(jcmd(pid, "GC.heap_info"));
    }

    static long usedHeap(String heapInfo) {
        long kb = 0;
        Matcher m = USED.matcher(heapInfo);
        boolean any = false;
        while (m.find()) {
            // G1 reports one "garbage-first heap" line; the serial and parallel collectors one per generation.
            if (m.group(0).startsWith("heap")) {
                return Long.parseLong(m.group(1)) * 1024;
            }
            kb += Long.parseLong(m.group(1));
            any = true;
        }
        if (!any) {
            throw new IllegalStateException("no heap figures in GC.heap_info:\n" + heapInfo);
        }
        return kb * 1024;
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), command)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + pid + " " + command + " failed:\n" + out);
        }
        return out;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Read latencies in nanoseconds, appended from several threads. */
    private static final class LatencyLog {
        private long[] values = new long[1 << 16];
        private int size;

        synchronized void add(long nanos) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = nanos;
        }

        synchronized long[] sorted() {
            long[] copy = Arrays.copyOf(values, size);
            Arrays.sort(copy);
            return copy;
        }
    }
}
