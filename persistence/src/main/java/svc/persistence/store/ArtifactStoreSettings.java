package svc.persistence.store;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.time.Duration;
import svc.persistence.crypto.AtRest;

/**
 * Where run files live, read once from {@code svc.artifact-store} ({@code SVC_ARTIFACT_STORE}) and
 * {@code svc.s3.*}. This is the one place that computes the runs root:
 * <ul>
 *   <li>empty: the directory {@code $SVC_HOME/runs} is the store;
 *   <li>a path: that directory is the store (relative paths from the process's working directory);
 *   <li>{@code s3://bucket/prefix}: S3-compatible object storage is the store, and
 *       {@code $SVC_HOME/runs} is this node's working copy of it.
 * </ul>
 * In every case {@link #runsRoot()} is the local directory tools read and write. With at-rest
 * encryption on ({@code SVC_AT_REST_ENCRYPTION=on}) the store holds sealed files only, so a
 * directory store is no longer its own working copy: tools work in the node-local
 * {@code svc.at-rest.work-dir} ({@code SVC_WORK_DIR}, default {@code $SVC_HOME/work}) under
 * {@code runs/}, and {@link #storeDir()} is the sealed directory.
 */
public record ArtifactStoreSettings(
        Kind kind,
        String location,
        Path runsRoot,
        String s3Bucket,
        String s3Prefix,
        String s3Endpoint,
        String s3Region,
        Path storeDir,
        AtRest atRest,
        Path workDir,
        Duration sweepInterval) {

    /** The shortest working-copy sweep interval accepted (a test's; production sweeps every 30 s). */
    static final Duration MIN_SWEEP = Duration.ofMillis(100);

    /** The two backends. */
    public enum Kind {
        DIRECTORY,
        S3
    }

    public static ArtifactStoreSettings fromConfig(Config config) {
        return fromConfig(config, AtRest.fromConfig(config));
    }

    /** The same with at-rest encryption already read (the platform reads it once for everything). */
    public static ArtifactStoreSettings fromConfig(Config config, AtRest atRest) {
        Path home = Path.of(config.getString("svc.home")).toAbsolutePath();
        String work = config.hasPath("svc.at-rest.work-dir")
                ? config.getString("svc.at-rest.work-dir").trim()
                : "";
        Path workDir = (work.isEmpty() ? home.resolve("work") : Path.of(work))
                .toAbsolutePath()
                .normalize();
        String location = config.getString("svc.artifact-store").trim();
        String endpoint = config.getString("svc.s3.endpoint").trim();
        String region = config.getString("svc.s3.region").trim();
        Duration sweep = config.hasPath("svc.working-copy.sweep-interval")
                ? config.getDuration("svc.working-copy.sweep-interval")
                : Duration.ofSeconds(30);
        if (sweep.compareTo(MIN_SWEEP) < 0) {
            throw new IllegalArgumentException(
                    "svc.working-copy.sweep-interval (SVC_WORKING_COPY_SWEEP_INTERVAL) must be" + " at least "
                            + MIN_SWEEP.toMillis() + " ms, got " + sweep.toMillis() + " ms");
        }
        if (location.isEmpty()) {
            return directory(location, home.resolve("runs"), endpoint, region, atRest, workDir, sweep);
        }
        if (location.startsWith("s3://")) {
            String rest = location.substring("s3://".length());
            int slash = rest.indexOf('/');
            String bucket = slash < 0 ? rest : rest.substring(0, slash);
            String prefix = slash < 0 ? "" : stripSlashes(rest.substring(slash + 1));
            if (bucket.isEmpty()) {
                throw new IllegalArgumentException("SVC_ARTIFACT_STORE names no bucket: " + location);
            }
            return new ArtifactStoreSettings(
                    Kind.S3,
                    location,
                    home.resolve("runs"),
                    bucket,
                    prefix,
                    endpoint,
                    region,
                    null,
                    atRest,
                    workDir,
                    sweep);
        }
        if (location.contains("://")) {
            throw new IllegalArgumentException(
                    "SVC_ARTIFACT_STORE must be a directory or s3://bucket/prefix, got: " + location);
        }
        return directory(location, Path.of(location).toAbsolutePath(), endpoint, region, atRest, workDir, sweep);
    }

    private static ArtifactStoreSettings directory(
            String location, Path root, String endpoint, String region, AtRest atRest, Path workDir, Duration sweep) {
        Path store = root.normalize();
        Path runs = atRest.on() ? workDir.resolve("runs") : store;
        return new ArtifactStoreSettings(
                Kind.DIRECTORY, location, runs, "", "", endpoint, region, store, atRest, workDir, sweep);
    }

    private static String stripSlashes(String s) {
        String out = s;
        while (out.startsWith("/")) {
            out = out.substring(1);
        }
        while (out.endsWith("/")) {
            out = out.substring(0, out.length() - 1);
        }
        return out;
    }

    /** Where sealed bytes wait on their way to the store (with encryption on; never plaintext). */
    public Path spool() {
        return workDir.resolve("spool");
    }

    /** Opens the store these settings name (an S3 client for S3; nothing is contacted yet). */
    public ArtifactStore open() {
        ArtifactStore stored = kind == Kind.S3 ? S3ArtifactStore.open(this) : new DirectoryArtifactStore(storeDir);
        return atRest.files()
                .<ArtifactStore>map(seal -> new SealedArtifactStore(stored, seal, spool()))
                .orElseGet(() -> SealedArtifactStore.clear(stored));
    }

    /** What a log line or the effective configuration shows. */
    public String describe() {
        return kind == Kind.S3
                ? "s3://" + s3Bucket + "/" + s3Prefix + (s3Endpoint.isEmpty() ? "" : " at " + s3Endpoint)
                        + " (working copy " + runsRoot + ")" + (atRest.on() ? ", sealed" : "")
                : storeDir + (atRest.on() ? " (sealed; working copy " + runsRoot + ")" : "");
    }
}
