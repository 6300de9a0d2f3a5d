package svc.deployments.ship;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Where and when a ship was built: recorded in {@code MANIFEST.yaml}, never inside the tarball,
 * so they do not break byte-identical rebuilds.
 *
 * @param timestamp  ISO-8601 UTC, seconds precision
 * @param commit     {@code git rev-parse HEAD} of the checkout, or {@code unknown}
 * @param host       the build machine's host name, or {@code unknown}
 * @param entryEpoch the mtime stamped on every tarball entry: {@code SOURCE_DATE_EPOCH} when set
 *                   (the reproducible-builds convention), else 0
 */
public record BuildInfo(String timestamp, String commit, String host, long entryEpoch) {

    public static final String UNKNOWN = "unknown";
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}([0-9a-f]{24})?");

    /**
     * Detects the build facts of {@code root}.
     *
     * @param sourceDateEpoch {@code SOURCE_DATE_EPOCH} if set: then it is also the build timestamp
     * @param now             the clock reading used otherwise
     */
    public static BuildInfo detect(Path root, OptionalLong sourceDateEpoch, Instant now) {
        Instant stamp = sourceDateEpoch.isPresent() ? Instant.ofEpochSecond(sourceDateEpoch.getAsLong()) : now;
        return new BuildInfo(
                DateTimeFormatter.ISO_INSTANT.format(stamp.truncatedTo(ChronoUnit.SECONDS)),
                gitCommit(root),
                hostName(),
                sourceDateEpoch.orElse(0));
    }

    /** Parses {@code SOURCE_DATE_EPOCH}; empty when unset or blank. */
    public static OptionalLong sourceDateEpoch(String value) {
        if (value == null || value.isBlank()) {
            return OptionalLong.empty();
        }
        try {
            long seconds = Long.parseLong(value.strip());
            if (seconds < 0) {
                throw new NumberFormatException("negative");
            }
            return OptionalLong.of(seconds);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "SOURCE_DATE_EPOCH '" + value + "' is not a non-negative number of seconds");
        }
    }

    private static String gitCommit(Path root) {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD")
                    .directory(root.toFile())
                    .redirectErrorStream(true)
                    .start();
            git.getOutputStream().close();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!git.waitFor(10, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return UNKNOWN;
            }
            return git.exitValue() == 0 && COMMIT.matcher(out).matches() ? out : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        }
    }

    private static String hostName() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return name == null || name.isBlank() ? UNKNOWN : name;
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env == null || env.isBlank() ? UNKNOWN : env;
        }
    }
}
