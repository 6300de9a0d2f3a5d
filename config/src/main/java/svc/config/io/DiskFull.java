package svc.config.io;

import java.nio.file.FileSystemException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Whether a failure is a full disk. The JDK has no exception type for ENOSPC (or EDQUOT): a path
 * operation throws {@link FileSystemException} with the C library's text as its reason, a stream
 * write an {@code IOException} with that text as its message. So the text is the signal; it is the
 * same on Linux (glibc, musl) and macOS.
 */
public final class DiskFull {

    /** strerror(ENOSPC) */
    public static final String NO_SPACE = "No space left on device";
    /** strerror(EDQUOT): a quota full is a disk full for the writer. */
    public static final String QUOTA = "Disk quota exceeded";

    private DiskFull() {}

    /** Whether {@code failure}, one of its causes or suppressed exceptions says the disk is full. */
    public static boolean in(Throwable failure) {
        return find(failure, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    /** Whether the text (a tool's error message, a log line) carries the full-disk text. */
    public static boolean in(String text) {
        return text != null && (text.contains(NO_SPACE) || text.contains(QUOTA));
    }

    private static boolean find(Throwable t, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) {
            return false;
        }
        if (in(t.getMessage()) || (t instanceof FileSystemException f && in(f.getReason()))) {
            return true;
        }
        for (Throwable s : t.getSuppressed()) {
            if (find(s, seen)) {
                return true;
            }
        }
        return find(t.getCause(), seen);
    }
}
