package svc.library.asset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import svc.library.LibraryException;

/**
 * One resolved asset: its reference, its checked manifest and the folder holding its files.
 * The folder may live inside a jar, so files are read through {@link #open} rather than exposed
 * as plain paths.
 */
public record Asset(AssetRef ref, Manifest manifest, Path folder) {

    /** Opens a file listed in the manifest. */
    public InputStream open(String file) {
        if (!manifest.files().contains(file)) {
            throw new LibraryException("asset " + ref + " has no file '" + file + "'; it lists " + manifest.files());
        }
        try {
            return Files.newInputStream(folder.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " of asset " + ref, e);
        }
    }

    /** Opens the manifest's entry file. */
    public InputStream openEntry() {
        return open(manifest.entry());
    }

    /** Reads a listed file as UTF-8 text. */
    public String readString(String file) {
        try (InputStream in = open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " of asset " + ref, e);
        }
    }

    /** A name for error messages: the reference and the entry file. */
    public String describeEntry() {
        return ref + " (" + manifest.entry() + ")";
    }
}
