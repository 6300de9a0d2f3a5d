package svc.governance.pii;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the bundled {@code data/} folder from wherever surefire runs (module or repo root). */
public final class DataFiles {

    private DataFiles() {}

    public static Path resolve(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("data").resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException(
                "data/" + relative + " not found above " + Path.of("").toAbsolutePath());
    }
}
