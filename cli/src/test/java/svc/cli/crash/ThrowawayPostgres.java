package svc.cli.crash;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PostgreSQL server of the test's own, started with {@code .ci/postgres.sh} on another port than
 * CI's, so the test can stop and start it under a running {@code svc server} without touching the
 * server the other tests use. {@link #stop} is an immediate stop (no checkpoint, connections cut),
 * the closest to a database crash the test can cause.
 */
final class ThrowawayPostgres implements AutoCloseable {

    private static final Path SCRIPT =
            Path.of("../.ci/postgres.sh").toAbsolutePath().normalize();

    final String url;
    private final String dir;
    private final int port;

    private ThrowawayPostgres(String url, String dir, int port) {
        this.url = url;
        this.dir = dir;
        this.port = port;
    }

    static ThrowawayPostgres start(int port) throws IOException, InterruptedException {
        String out = sh(Map.of("SVC_TEST_PG_PORT", Integer.toString(port)), "bash '" + SCRIPT + "'");
        Matcher url = Pattern.compile("SVC_TEST_PG_URL='([^']+)'").matcher(out);
        Matcher dir = Pattern.compile("SVC_TEST_PG_DIR='([^']+)'").matcher(out);
        if (!url.find() || !dir.find()) {
            throw new IllegalStateException(".ci/postgres.sh printed no URL:\n" + out);
        }
        return new ThrowawayPostgres(url.group(1), dir.group(1), port);
    }

    void stop() throws IOException, InterruptedException {
        pgCtl("-m immediate stop");
    }

    void restart() throws IOException, InterruptedException {
        pgCtl("-l '" + dir + "/log' -w -o \"-p " + port + " -k '" + dir
                + "' -c listen_addresses=127.0.0.1 -c fsync=off\" start");
    }

    private void pgCtl(String args) throws IOException, InterruptedException {
        String bin = sh(Map.of(), "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1")
                .strip();
        String cmd = "'" + bin + "/pg_ctl' -D '" + dir + "/data' " + args;
        sh(
                Map.of(),
                "if [ \"$(id -u)\" = 0 ]; then su postgres -s /bin/bash -c " + quote(cmd) + "; else " + cmd + "; fi");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static String sh(Map<String, String> env, String command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(command + " failed:\n" + out);
        }
        return out;
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (Exception e) {
            // already stopped
        }
    }
}
