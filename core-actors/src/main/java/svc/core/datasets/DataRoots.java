package svc.core.datasets;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files the server may read on a caller's behalf: a run's dataset, a customer workflow, a
 * batch's input, a cron job's data. A path a request names is read only when its real path
 * (symbolic links resolved) lies under one of the data roots and is not the server's own state.
 * The rules, each named in the refusal:
 *
 * <ul>
 *   <li>{@link Rule#OUTSIDE_ROOTS}: the path is not under a root ({@code SVC_DATA_DIRS}, comma-separated;
 *       by default {@code $SVC_HOME/datasets}, where uploads and the demo's data live, and the
 *       {@code data/} directory of the server's working directory when it has one: the bundled
 *       sample data a checkout ships and the dashboard's preset names). The upload directory is
 *       always a root: a dataset uploaded through the API is the caller's own data.
 *   <li>{@link Rule#SYMLINK_OUT}: the path is under a root as written but a symbolic link takes it
 *       out of every root.
 *   <li>{@link Rule#SERVER_STATE}: the path is the server's own state even if a root contains it:
 *       the JWT secret, the first admin's password file, the key directory (audit signing keys),
 *       {@code SVC_SIGNING_KEY_DIR}, the embedded database, and the kernel's {@code /proc},
 *       {@code /sys} and {@code /dev} (the process's environment carries secrets).
 *   <li>{@link Rule#NOT_A_FILE}: the path is inside a root but names no readable regular file.
 * </ul>
 *
 * <p>Refusals name the rule and the path the caller gave, never anything read from it, and a
 * path outside the roots is refused before the disk is asked whether it exists (so the API is no
 * oracle for which files exist). A file accepted here keeps its real path; readers call
 * {@link #unchanged(Path)} before they open it, so a link swapped in after the check is refused
 * too. Every node reads the same roots from its own configuration; the paths must name the same
 * files on every node (a shared mount), as datasets named by path always had to.
 */
public final class DataRoots {

    /** Why a path was refused. */
    public enum Rule {
        OUTSIDE_ROOTS("outside the data roots"),
        SYMLINK_OUT("a symbolic link leads out of the data roots"),
        SERVER_STATE("the server's own state (secrets, keys, database) is never read as data"),
        NOT_A_FILE("no readable file");

        private final String text;

        Rule(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** A refused path: the rule and the path as given (nothing read from the file). */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Rule rule;

        Refused(Rule rule, String message) {
            super(message);
            this.rule = rule;
        }

        public Rule rule() {
            return rule;
        }
    }

    private static final List<Path> KERNEL = List.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

    private final List<Path> roots;
    private final List<Path> state;
    private final String described;

    private DataRoots(List<Path> roots, List<Path> state, String described) {
        this.roots = List.copyOf(roots);
        this.state = List.copyOf(state);
        this.described = described;
    }

    /**
     * Reads {@code svc.data-dirs} (empty: the default roots) and checks every configured root
     * exists, so a mistyped root stops the start with one clear line instead of refusing every run.
     *
     * @param home {@code SVC_HOME}
     * @param uploads where uploaded datasets are kept (always a root)
     * @param databaseFile the embedded database's file prefix, if the database is an H2 file
     * @param signingKeyDir {@code SVC_SIGNING_KEY_DIR}, when set
     */
    public static DataRoots fromConfig(
            Config config, Path home, Path uploads, Optional<Path> databaseFile, Optional<Path> signingKeyDir) {
        return fromConfig(
                config, home, uploads, databaseFile, signingKeyDir, Path.of("").toAbsolutePath());
    }

    /** As above with the working directory whose {@code data/} is a default root given (tests). */
    static DataRoots fromConfig(
            Config config,
            Path home,
            Path uploads,
            Optional<Path> databaseFile,
            Optional<Path> signingKeyDir,
            Path workingDirectory) {
        String configured = config.getString("svc.data-dirs").trim();
        List<Path> roots = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        try {
            Files.createDirectories(uploads);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the dataset directory " + uploads + ": " + e.getMessage());
        }
        roots.add(real(uploads));
        if (configured.isEmpty()) {
            Path bundled = workingDirectory.resolve("data");
            if (Files.isDirectory(bundled)) {
                roots.add(real(bundled));
            }
        } else {
            for (String part : configured.split(",")) {
                String p = part.strip();
                if (p.isEmpty()) {
                    continue;
                }
                Path root = Path.of(p).toAbsolutePath().normalize();
                if (!Files.isDirectory(root)) {
                    missing.add(p);
                } else {
                    roots.add(real(root));
                }
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("SVC_DATA_DIRS (svc.data-dirs) names "
                    + (missing.size() == 1 ? "a directory that does not exist: " : "directories that do not exist: ")
                    + String.join(", ", missing));
        }
        Set<Path> own = ownState(home);
        databaseFile.ifPresent(f -> {
            own.add(f.toAbsolutePath().normalize());
            own.add(real(f));
        });
        signingKeyDir.ifPresent(d -> {
            own.add(d.toAbsolutePath().normalize());
            own.add(real(d));
        });
        List<Path> unique = List.copyOf(new LinkedHashSet<>(roots));
        return new DataRoots(
                unique,
                List.copyOf(own),
                String.join(", ", unique.stream().map(Path::toString).toList()));
    }

    /** Roots given directly (tests, tools that know their roots); the state list is {@code home}'s. */
    public static DataRoots of(Path home, List<Path> roots) {
        List<Path> real = roots.stream().map(DataRoots::real).toList();
        return new DataRoots(
                real,
                List.copyOf(ownState(home)),
                String.join(", ", real.stream().map(Path::toString).toList()));
    }

    /** What under {@code SVC_HOME} is the server's own (as written and as its real path), and the kernel's. */
    private static Set<Path> ownState(Path home) {
        Set<Path> own = new LinkedHashSet<>();
        for (Path h : List.of(home.toAbsolutePath().normalize(), real(home))) {
            own.add(h.resolve("jwt-secret"));
            own.add(h.resolve("admin-password"));
            own.add(h.resolve("keys"));
            own.add(h.resolve("db"));
        }
        own.addAll(KERNEL);
        return own;
    }

    /** The roots in force, real paths, for the start log and the README's claims. */
    public List<Path> roots() {
        return roots;
    }

    /**
     * The real path of the regular file {@code given} names, or {@link Refused} naming the rule.
     * A relative path is taken from the server's working directory, as before.
     *
     * @param field the request field, for the message ({@code dataset_path})
     */
    public Path permitted(String field, String given) {
        Path lexical = Path.of(given).toAbsolutePath().normalize();
        if (isState(lexical)) {
            throw refused(Rule.SERVER_STATE, field, given);
        }
        if (!underRoot(lexical)) {
            throw refused(Rule.OUTSIDE_ROOTS, field, given);
        }
        Path real;
        try {
            real = lexical.toRealPath();
        } catch (IOException e) {
            throw refused(Rule.NOT_A_FILE, field, given);
        }
        if (isState(real)) {
            throw refused(Rule.SERVER_STATE, field, given);
        }
        if (!underRoot(real)) {
            throw refused(Rule.SYMLINK_OUT, field, given);
        }
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS) || !Files.isReadable(real)) {
            throw refused(Rule.NOT_A_FILE, field, given);
        }
        return real;
    }

    /** As {@link #permitted} for a directory (a batch's model directory). */
    public Path permittedDirectory(String field, String given) {
        Path lexical = Path.of(given).toAbsolutePath().normalize();
        if (isState(lexical)) {
            throw refused(Rule.SERVER_STATE, field, given);
        }
        if (!underRoot(lexical)) {
            throw refused(Rule.OUTSIDE_ROOTS, field, given);
        }
        Path real;
        try {
            real = lexical.toRealPath();
        } catch (IOException e) {
            throw refused(Rule.NOT_A_FILE, field, given);
        }
        if (isState(real)) {
            throw refused(Rule.SERVER_STATE, field, given);
        }
        if (!underRoot(real)) {
            throw refused(Rule.SYMLINK_OUT, field, given);
        }
        if (!Files.isDirectory(real)) {
            throw refused(Rule.NOT_A_FILE, field, given);
        }
        return real;
    }

    /**
     * Whether {@code accepted} (a real path this class answered earlier) still is its own real
     * path: a link put in its place or in a parent's after the check makes it false. Readers
     * call it just before they open the file; a hard link cannot be told apart, which needs
     * write access to a root and the secret's file system, i.e. the host already.
     */
    public static boolean unchanged(Path accepted) {
        try {
            return accepted.toRealPath().equals(accepted);
        } catch (IOException e) {
            // A missing file fails on open with the path as its only detail; nothing was read.
            return true;
        }
    }

    private boolean underRoot(Path p) {
        for (Path root : roots) {
            if (p.startsWith(root)) {
                return true;
            }
        }
        return false;
    }

    private boolean isState(Path p) {
        for (Path s : state) {
            if (p.startsWith(s) || p.toString().startsWith(s + ".")) {
                return true;
            }
        }
        return false;
    }

    private Refused refused(Rule rule, String field, String given) {
        String detail = switch (rule) {
            case OUTSIDE_ROOTS -> given + " is " + rule.text() + " (SVC_DATA_DIRS: " + described + ")";
            case SYMLINK_OUT -> given + ": " + rule.text() + " (SVC_DATA_DIRS: " + described + ")";
            case SERVER_STATE -> given + ": " + rule.text();
            case NOT_A_FILE -> rule.text() + " at " + given;
        };
        return new Refused(rule, field + ": " + detail);
    }

    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (IOException e) {
            return abs;
        }
    }
}
