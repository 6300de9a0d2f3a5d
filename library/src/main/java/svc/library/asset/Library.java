package svc.library.asset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import svc.library.LibraryException;
import svc.library.LibraryYaml;

/**
 * The asset shelf: finds every asset under a root folder, checks its manifest, and resolves
 * references to assets.
 *
 * <p>The whole shelf is read and checked when the library is opened, so a broken manifest stops
 * the server at boot with every problem listed instead of failing a run hours later.
 */
public final class Library {

    /** The classpath folder of the built-in shelf; the marker file locates it inside a jar too. */
    public static final String CLASSPATH_ROOT = "svc/library/";

    private static final String MARKER = CLASSPATH_ROOT + "README.md";
    private static final String MANIFEST = "manifest.yaml";

    private final Path root;
    private final Map<AssetKind, Map<String, NavigableMap<Version, Asset>>> shelf;

    private Library(Path root, Map<AssetKind, Map<String, NavigableMap<Version, Asset>>> shelf) {
        this.root = root;
        this.shelf = shelf;
    }

    /** The shelf shipped on the classpath; read once per JVM. */
    public static Library builtIn() {
        return BuiltIn.INSTANCE;
    }

    /**
     * Opens a shelf on a directory laid out as {@code <kind>/<name>/vX.Y.Z/manifest.yaml}.
     *
     * @throws LibraryException listing every misplaced folder and bad manifest
     */
    public static Library open(Path root) {
        if (!Files.isDirectory(root)) {
            throw new LibraryException("library root " + root + " is not a directory");
        }
        List<String> problems = new ArrayList<>();
        Map<AssetKind, Map<String, NavigableMap<Version, Asset>>> shelf = new EnumMap<>(AssetKind.class);
        for (AssetKind kind : AssetKind.values()) {
            shelf.put(kind, new TreeMap<>());
        }
        for (Path kindDir : children(root)) {
            String kindName = fileName(kindDir);
            Optional<AssetKind> kind = AssetKind.fromId(kindName);
            if (kind.isEmpty()) {
                // The built-in shelf shares its classpath folder with the Java packages
                // (svc/library/asset holds classes), so only a folder that holds assets is wrong.
                if (holdsManifests(kindDir)) {
                    problems.add(kindDir + ": unknown asset kind folder '" + kindName + "'; expected one of "
                            + AssetKind.ids());
                }
                continue;
            }
            for (Path nameDir : children(kindDir)) {
                for (Path versionDir : children(nameDir)) {
                    readAsset(kind.get(), nameDir, versionDir, problems)
                            .ifPresent(asset -> shelf.get(kind.get())
                                    .computeIfAbsent(asset.ref().name(), n -> new TreeMap<>())
                                    .put(asset.ref().version(), asset));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new LibraryException("library " + root + " has broken assets", problems);
        }
        return new Library(root, shelf);
    }

    /**
     * Resolves a reference.
     *
     * @throws LibraryException on a missing asset (listing the known ones of that kind) or a
     *     missing version (listing the versions that exist)
     */
    public Asset resolve(AssetRef ref) {
        NavigableMap<Version, Asset> versions = versionsOf(ref.kind(), ref.name());
        Asset asset = versions.get(ref.version());
        if (asset == null) {
            throw new LibraryException("asset " + ref.kind() + "/" + ref.name() + " has no version " + ref.version()
                    + "; versions on the shelf: " + join(versions.keySet()));
        }
        return asset;
    }

    /** The newest version of an asset. */
    public Asset latest(AssetKind kind, String name) {
        return versionsOf(kind, name).lastEntry().getValue();
    }

    /** Every version of every asset of a kind, ordered by name then version. */
    public List<AssetRef> list(AssetKind kind) {
        return shelf.get(kind).values().stream()
                .flatMap(versions -> versions.values().stream())
                .map(Asset::ref)
                .collect(Collectors.toUnmodifiableList());
    }

    /** The asset names of a kind, sorted. */
    public List<String> names(AssetKind kind) {
        return List.copyOf(shelf.get(kind).keySet());
    }

    public Path root() {
        return root;
    }

    private NavigableMap<Version, Asset> versionsOf(AssetKind kind, String name) {
        NavigableMap<Version, Asset> versions = shelf.get(kind).get(name);
        if (versions == null) {
            throw new LibraryException("no " + kind + " named '" + name + "' on the library shelf; known " + kind
                    + " assets: "
                    + (shelf.get(kind).isEmpty() ? "none" : join(shelf.get(kind).keySet())));
        }
        return Collections.unmodifiableNavigableMap(versions);
    }

    private static Optional<Asset> readAsset(AssetKind kind, Path nameDir, Path versionDir, List<String> problems) {
        String name = fileName(nameDir);
        String folder = kind + "/" + name + "/" + fileName(versionDir);
        if (!AssetRef.isValidName(name)) {
            problems.add(folder + ": asset name '" + name + "' is invalid; expected [a-z][a-z0-9_]*");
            return Optional.empty();
        }
        Version version;
        try {
            version = Version.parse(fileName(versionDir));
        } catch (IllegalArgumentException e) {
            problems.add(folder + ": version folder: " + e.getMessage());
            return Optional.empty();
        }
        Path manifestFile = versionDir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifestFile)) {
            problems.add(folder + ": no " + MANIFEST);
            return Optional.empty();
        }
        Manifest manifest;
        try {
            manifest = LibraryYaml.read(
                    Files.newInputStream(manifestFile), Manifest.class, "manifest " + folder + "/" + MANIFEST);
        } catch (IOException e) {
            problems.add(folder + "/" + MANIFEST + ": cannot be read: " + e.getMessage());
            return Optional.empty();
        } catch (LibraryException e) {
            problems.add(e.getMessage());
            return Optional.empty();
        }
        AssetRef ref = new AssetRef(kind, name, version);
        List<String> found = checkManifest(manifest, ref, versionDir);
        problems.addAll(found);
        return found.isEmpty() ? Optional.of(new Asset(ref, manifest, versionDir)) : Optional.empty();
    }

    private static List<String> checkManifest(Manifest m, AssetRef ref, Path dir) {
        String where = "manifest " + ref.folder() + "/" + MANIFEST + ": ";
        List<String> problems = new ArrayList<>();
        expectEqual(where, "name", m.name(), ref.name(), problems);
        expectEqual(where, "kind", m.kind(), ref.kind().id(), problems);
        expectEqual(where, "version", m.version(), ref.version().toString(), problems);
        if (m.description() == null || m.description().isBlank()) {
            problems.add(where + "field 'description' is missing");
        }
        if (m.files() == null || m.files().isEmpty()) {
            problems.add(where + "field 'files' is missing or empty");
            return problems;
        }
        if (m.entry() == null) {
            problems.add(where + "field 'entry' is missing");
        } else if (!m.files().contains(m.entry())) {
            problems.add(where + "entry '" + m.entry() + "' is not among files " + m.files());
        }
        for (String file : m.files()) {
            Path path = dir.resolve(file).normalize();
            if (!path.startsWith(dir) || !Files.isRegularFile(path)) {
                problems.add(where + "listed file '" + file + "' does not exist in the asset folder");
            }
        }
        return problems;
    }

    private static void expectEqual(String where, String field, String actual, String expected, List<String> problems) {
        if (actual == null) {
            problems.add(where + "field '" + field + "' is missing");
        } else if (!actual.equals(expected)) {
            problems.add(where + "field '" + field + "' is '" + actual + "' but the folder says '" + expected + "'");
        }
    }

    private static boolean holdsManifests(Path kindDir) {
        return children(kindDir).stream()
                .flatMap(name -> children(name).stream())
                .anyMatch(version -> Files.isRegularFile(version.resolve(MANIFEST)));
    }

    private static List<Path> children(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(Files::isDirectory).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static String fileName(Path path) {
        // Paths inside a jar file system end in '/' for folders.
        return path.getFileName().toString().replace("/", "");
    }

    private static String join(Iterable<?> items) {
        List<String> names = new ArrayList<>();
        items.forEach(item -> names.add(String.valueOf(item)));
        return String.join(", ", names);
    }

    /** Holder so the classpath is scanned on first use, once. */
    private static final class BuiltIn {
        static final Library INSTANCE = open(classpathRoot());

        private static Path classpathRoot() {
            URL marker = Library.class.getClassLoader().getResource(MARKER);
            if (marker == null) {
                throw new LibraryException("the built-in library is missing from the classpath (no " + MARKER + ")");
            }
            try {
                URI uri = marker.toURI();
                if ("jar".equals(uri.getScheme())) {
                    FileSystem jar;
                    try {
                        jar = FileSystems.newFileSystem(uri, Map.of());
                    } catch (FileSystemAlreadyExistsException e) {
                        jar = FileSystems.getFileSystem(uri);
                    }
                    return jar.getPath("/" + CLASSPATH_ROOT);
                }
                return Path.of(uri).getParent();
            } catch (URISyntaxException | IOException e) {
                throw new LibraryException("cannot open the built-in library at " + marker, e);
            }
        }
    }
}
