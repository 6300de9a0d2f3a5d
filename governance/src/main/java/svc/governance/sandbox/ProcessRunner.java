package svc.governance.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one command to its end or its wall-clock timeout, whichever comes first, with stdin closed
 * and each output stream kept up to a cap (the rest is read and dropped, so a chatty child never
 * blocks on a full pipe). On timeout the process and all its descendants are killed.
 */
final class ProcessRunner {

    /** How a command ended. */
    record Finished(
            int exitCode, String stdout, String stderr, boolean truncated, boolean timedOut, Duration duration) {}

    private static final long DRAIN_WAIT_MS = 5_000;

    private ProcessRunner() {}

    static Finished run(List<String> command, Path workDir, Map<String, String> env, Duration timeout, int cap) {
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(env);
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new SandboxException("sandbox: cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
        CappedReader out = CappedReader.start(process.getInputStream(), cap, "sandbox-stdout");
        CappedReader err = CappedReader.start(process.getErrorStream(), cap, "sandbox-stderr");
        boolean timedOut = false;
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                timedOut = true;
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            // A grandchild that escaped the kill could hold a pipe open; do not wait for it forever.
            out.join(DRAIN_WAIT_MS);
            err.join(DRAIN_WAIT_MS);
            return new Finished(
                    process.exitValue(), out.text(), err.text(), out.truncated || err.truncated, timedOut, took);
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new SandboxException("sandbox: interrupted while waiting for the script", e);
        }
    }

    /** Drains one stream on its own thread, keeping the first {@code cap} bytes. */
    private static final class CappedReader extends Thread {
        private final InputStream in;
        private final int cap;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private volatile boolean truncated;

        private CappedReader(InputStream in, int cap, String name) {
            super(name);
            setDaemon(true);
            this.in = in;
            this.cap = cap;
        }

        static CappedReader start(InputStream in, int cap, String name) {
            CappedReader r = new CappedReader(in, cap, name);
            r.start();
            return r;
        }

        @Override
        public void run() {
            byte[] buf = new byte[8192];
            try (in) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    int room = cap - kept.size();
                    if (n > room) {
                        truncated = true;
                    }
                    if (room > 0) {
                        kept.write(buf, 0, Math.min(n, room));
                    }
                }
            } catch (IOException e) {
                // The process was killed while we read: what we have is what there is.
            }
        }

        String text() {
            return kept.toString(StandardCharsets.UTF_8);
        }
    }
}
