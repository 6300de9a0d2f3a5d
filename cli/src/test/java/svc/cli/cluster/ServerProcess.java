package svc.cli.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One {@code svc server} JVM, started the way {@code bin/svc} starts it ({@code java -jar
 * cli/target/svc.jar server}) with a small heap, its output in a log file, and stopped with
 * SIGTERM or killed with SIGKILL.
 */
final class ServerProcess {

    final String name;
    final int httpPort;
    final int clusterPort;
    final Path home;
    final Path log;
    private final Map<String, String> env;
    private final List<String> jvmOptions;
    private Process process;

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    ServerProcess(
            String name,
            int httpPort,
            int clusterPort,
            Path home,
            Path log,
            Map<String, String> env,
            List<String> jvmOptions) {
        this.name = name;
        this.httpPort = httpPort;
        this.clusterPort = clusterPort;
        this.home = home;
        this.log = log;
        this.env = Map.copyOf(env);
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    String url() {
        return "http://127.0.0.1:" + httpPort;
    }

    String clusterAddress() {
        return "pekko://svc@127.0.0.1:" + clusterPort;
    }

    void start() throws IOException {
        Path jar = Path.of(System.getProperty("svc.jar", "target/svc.jar")).toAbsolutePath();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(
                List.of("-jar", jar.toString(), "server", "--host", "127.0.0.1", "--port", Integer.toString(httpPort)));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        pb.environment().put("SVC_HOME", home.toString());
        pb.environment().put("SVC_CLUSTER_PORT", Integer.toString(clusterPort));
        pb.environment().put("SVC_CLUSTER_HOST", "127.0.0.1");
        Files.writeString(
                log,
                "---- start " + name + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        process = pb.start();
    }

    /** Whether the API answers {@code /healthz}; fails with the end of the log when the JVM has exited. */
    boolean healthy() {
        if (!process.isAlive()) {
            throw new AssertionError(name + " exited with " + process.exitValue() + ":\n" + tail());
        }
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url() + "/healthz"))
                            .timeout(Duration.ofSeconds(2))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** SIGKILL: the JVM gets no chance to leave the cluster or finish anything. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: coordinated shutdown leaves the cluster and hands the shards over. */
    void stop() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
