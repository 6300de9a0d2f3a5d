package svc.core.retention;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import svc.core.readside.FileLocks;

/** Deleting one file for a pruner: under the file's lock (the projections write under it too). */
final class FilePruning {

    private FilePruning() {}

    /**
     * Deletes {@code file} (nothing in a dry run) and reports it; false when it was not there (a
     * sweep before this one took it).
     */
    static boolean delete(PruneContext ctx, Path home, Path file, Function<String, Deletion> report)
            throws IOException {
        if (ctx.dryRun()) {
            if (!Files.isRegularFile(file)) {
                return false;
            }
        } else {
            synchronized (FileLocks.of(file)) {
                if (!Files.deleteIfExists(file)) {
                    return false;
                }
            }
        }
        ctx.deleted(report.apply(relative(home, file)));
        return true;
    }

    /** The file as the log names it: relative to {@code SVC_HOME} when under it. */
    static String relative(Path home, Path file) {
        Path f = file.toAbsolutePath().normalize();
        Path h = home.toAbsolutePath().normalize();
        return (f.startsWith(h) ? h.relativize(f) : f).toString().replace('\\', '/');
    }
}
