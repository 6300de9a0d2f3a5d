package svc.library;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small asset folders into a temporary library root for tests. */
public final class TestShelf {

    private final Path root;

    public TestShelf(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Writes {@code <kind>/<name>/<version>/manifest.yaml} with an entry file {@code entry}. */
    public TestShelf asset(String kind, String name, String version, String entry, String entryText) {
        String manifest = "name: " + name + "\nkind: " + kind + "\nversion: " + version
                + "\ndescription: test asset\nentry: " + entry + "\nfiles: [" + entry + "]\n";
        return file(kind + "/" + name + "/" + version + "/manifest.yaml", manifest)
                .file(kind + "/" + name + "/" + version + "/" + entry, entryText);
    }

    public TestShelf file(String relative, String text) {
        try {
            Path path = root.resolve(relative);
            Files.createDirectories(path.getParent());
            Files.writeString(path, text);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies a built-in asset file (from the main resources) into this shelf. */
    public TestShelf copyBuiltIn(String relative) {
        try (var in = TestShelf.class.getClassLoader().getResourceAsStream("svc/library/" + relative)) {
            if (in == null) {
                throw new IllegalArgumentException("no built-in resource " + relative);
            }
            return file(relative, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
