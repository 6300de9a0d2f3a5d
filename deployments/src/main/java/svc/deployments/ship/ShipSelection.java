package svc.deployments.ship;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import svc.deployments.DeploymentLayout;

/**
 * Which files of a checkout go into a customer's tarball. A positive list: a file ships only if
 * a rule below names it, so a stray virtualenv, a secrets file or another customer's folder
 * cannot slip in by being new.
 *
 * <ul>
 *   <li>top-level files: {@code pom.xml}, {@code mvnw}, {@code mvnw.cmd}, and {@code README*},
 *       {@code LICENSE*}, {@code NOTICE*}, {@code CHANGELOG*};</li>
 *   <li>folders {@code .mvn/}, {@code bin/}, {@code scripts/};</li>
 *   <li>for each module of the parent pom: its {@code pom.xml} and {@code src/main/}
 *       (so {@code library/} ships its assets, never its tests);</li>
 *   <li>{@code deployments/README.md}, the named customer's deployment and the scaffold.</li>
 * </ul>
 * Inside those, folders named like build output, caches, VCS data or virtualenvs
 * ({@link #EXCLUDED_DIRS}) and symbolic links are skipped all the same.
 */
public final class ShipSelection {

    static final Set<String> TOP_LEVEL_FILES = Set.of("pom.xml", "mvnw", "mvnw.cmd");
    static final Pattern TOP_LEVEL_DOCS = Pattern.compile("(README|LICENSE|NOTICE|CHANGELOG)([.-].*)?");
    static final List<String> TREES = List.of(".mvn", "bin", "scripts");
    static final Set<String> EXCLUDED_DIRS = Set.of(
            ".git",
            ".hg",
            ".svn",
            "target",
            "node_modules",
            ".venv",
            "venv",
            "__pycache__",
            ".pytest_cache",
            ".mypy_cache",
            ".ruff_cache",
            ".cache",
            ".gradle",
            ".idea",
            ".vscode",
            ".tox");
    static final Set<String> EXCLUDED_FILES = Set.of(".DS_Store", "Thumbs.db");
    static final Pattern EXCLUDED_SUFFIX = Pattern.compile(".*\\.(pyc|class|log|swp)$");

    private ShipSelection() {}

    /** The files to ship, relative to {@code root} with {@code /} separators, sorted. */
    public static List<String> select(Path root, String customer, List<String> modules) {
        Set<String> files = new TreeSet<>();
        for (Path top : list(root)) {
            String name = top.getFileName().toString();
            if (Files.isRegularFile(top, LinkOption.NOFOLLOW_LINKS)
                    && (TOP_LEVEL_FILES.contains(name)
                            || TOP_LEVEL_DOCS.matcher(name).matches())) {
                files.add(name);
            }
        }
        TREES.forEach(tree -> addTree(root, tree, files));
        for (String module : modules) {
            addFile(root, module + "/pom.xml", files);
            addTree(root, module + "/src/main", files);
        }
        addFile(root, "deployments/README.md", files);
        addTree(root, DeploymentLayout.CUSTOMERS_DIR + "/" + DeploymentLayout.SCAFFOLD, files);
        addTree(root, DeploymentLayout.CUSTOMERS_DIR + "/" + customer, files);
        return List.copyOf(files);
    }

    private static void addFile(Path root, String relative, Set<String> files) {
        Path path = root.resolve(relative);
        if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) && !excluded(root.relativize(path))) {
            files.add(relative);
        }
    }

    private static void addTree(Path root, String relative, Set<String> files) {
        Path dir = root.resolve(relative);
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        // Files.walk does not follow links by default, so a link to outside the tree is not entered.
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .map(root::relativize)
                    .filter(p -> !excluded(p))
                    .forEach(p -> files.add(slashed(p)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static boolean excluded(Path relative) {
        for (Path part : relative) {
            if (EXCLUDED_DIRS.contains(part.toString())) {
                return true;
            }
        }
        String name = relative.getFileName().toString();
        return EXCLUDED_FILES.contains(name) || EXCLUDED_SUFFIX.matcher(name).matches();
    }

    private static String slashed(Path relative) {
        List<String> parts = new ArrayList<>();
        relative.forEach(p -> parts.add(p.toString()));
        return String.join("/", parts);
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
