package svc.governance.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Asks this machine what it has: binaries on PATH, and whether a probe command works. */
final class HostProbe {

    /** What a probe printed and how it ended; exit -1 when it could not start or timed out. */
    record Answer(int exitCode, String output) {
        boolean succeeded() {
            return exitCode == 0;
        }

        String firstLine() {
            String trimmed = output.strip();
            int nl = trimmed.indexOf('\n');
            return nl < 0 ? trimmed : trimmed.substring(0, nl);
        }
    }

    private HostProbe() {}

    static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Runs {@code command} with stdout and stderr merged; never throws. */
    static Answer ask(Duration timeout, List<String> command) {
        try {
            Path out = Files.createTempFile("svc-probe-", ".txt");
            try {
                Process p = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(out.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    return new Answer(
                            -1, String.join(" ", command) + " did not answer within " + timeout.toSeconds() + " s");
                }
                return new Answer(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return new Answer(-1, e.getMessage() == null ? e.toString() : e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(-1, "interrupted");
        }
    }
}
