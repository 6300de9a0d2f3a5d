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
 * SIGTERM or killed with SIGKILL. Shared by the three-node tests and the crash tests.
 */
public final class ServerProcess {

    public final String name;
    public final int httpPort;
    public final int clusterPort;
    public final Path home;
    public final Path log;
    private final Map<String, String> env;
    private final List<String> jvmOptions;
    private final List<String> wrapper;
    private Process process;

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public ServerProcess(
            String name,
            int httpPort,
            int clusterPort,
            Path home,
            Path log,
            Map<String, String> env,
            List<String> jvmOptions) {
        this(name, httpPort, clusterPort, home, log, env, jvmOptions, List.of());
    }

    /**
     * {@code wrapper}: a command the {@code java} command line is appended to, which must end by
     * exec'ing it (so the process is the JVM): e.g. {@code unshare} with a mount of its own.
     */
    public ServerProcess(
            String name,
            int httpPort,
            int clusterPort,
            Path home,
            Path log,
            Map<String, String> env,
            List<String> jvmOptions,
            List<String> wrapper) {
        this.wrapper = List.copyOf(wrapper);
        this.name = name;
        this.httpPort = httpPort;
        this.clusterPort = clusterPort;
        this.home = home;
        this.log = log;
        this.env = Map.copyOf(env);
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    public String url() {
        return "http://127.0.0.1:" + httpPort;
    }

    public String clusterAddress() {
        return "pekko://svc@127.0.0.1:" + clusterPort;
    }

    public void start() throws IOException {
        Path jar = Path.of(System.getProperty("svc.jar", "target/svc.jar")).toAbsolutePath();
        List<String> command = new ArrayList<>(wrapper);
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
    public boolean healthy() {
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
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM: coordinated shutdown leaves the cluster and hands the shards over. */
    public void stop() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The JVM's process id (the wrapper exec's it, so it is the wrapper's too). */
    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
