package svc.core.retention;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import svc.core.readside.FileLocks;
import svc.persistence.store.WorkingCopy;

/**
 * Deleting one run file for a pruner: from the artefact store, where every node reads it, and
 * from this node's working copy (the same file for the directory store), under the file's lock
 * (the conversation projection writes under it too).
 */
final class FilePruning {

    private FilePruning() {}

    /**
     * Deletes the file stored under {@code key} ({@code <run_id>/<name>}; nothing in a dry run)
     * and reports it; false when the store has no such file (a sweep before this one took it).
     */
    static boolean delete(PruneContext ctx, WorkingCopy files, String key, Function<String, Deletion> report)
            throws IOException {
        if (!files.store().exists(key)) {
            return false;
        }
        if (!ctx.dryRun()) {
            Path local = files.root().resolve(key);
            synchronized (FileLocks.of(local)) {
                files.store().delete(key);
                if (!files.direct()) {
                    Files.deleteIfExists(local);
                }
            }
        }
        ctx.deleted(report.apply(key));
        return true;
    }
}
