package svc.core.readside;

import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One lock per conversation file inside this node, shared by the projection that appends lines
 * and the erasure that rewrites them, so neither loses the other's writes.
 */
public final class FileLocks {

    private static final ConcurrentHashMap<Path, Object> LOCKS = new ConcurrentHashMap<>();

    private FileLocks() {}

    public static Object of(Path file) {
        return LOCKS.computeIfAbsent(file.toAbsolutePath().normalize(), p -> new Object());
    }
}
