package svc.core.plugins;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Plugin archives ({@code .tar.gz}). Unpacking is defensive: an entry whose name is absolute or
 * climbs out with {@code ..}, any link (a symbolic link could point anywhere, so none is
 * accepted), a device or FIFO, more than {@link #MAX_ENTRIES} entries or more than the size cap
 * unpacked are refused with the entry named. Packing writes a directory's regular files in name
 * order with fixed times and modes, so the same plugin always gives the same bytes (and digest).
 */
public final class PluginArchive {

    public static final int MAX_ENTRIES = 2_000;

    private PluginArchive() {}

    /**
     * Unpacks {@code gzipped} into the empty directory {@code into} and returns the plugin's root:
     * {@code into} itself, or the one top-level directory of the archive when {@code plugin.json}
     * is there (a tarball made with {@code tar czf sample.tar.gz sample/}).
     */
    public static Path unpack(InputStream gzipped, Path into, long maxBytes) {
        long total = 0;
        int entries = 0;
        Path root = into.toAbsolutePath().normalize();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(gzipped))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                if (++entries > MAX_ENTRIES) {
                    throw PluginException.invalid("the archive has more than " + MAX_ENTRIES + " entries");
                }
                String name = e.getName();
                Path target = safeTarget(root, name);
                if (e.isSymbolicLink() || e.isLink()) {
                    Path pointed = target.getParent().resolve(e.getLinkName()).normalize();
                    throw PluginException.invalid("archive entry " + name + " is a link to " + e.getLinkName()
                            + (pointed.startsWith(root)
                                    ? "; links are not accepted in a plugin"
                                    : ", outside the plugin"));
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                if (!e.isFile()) {
                    throw PluginException.invalid("archive entry " + name + " is not a regular file or directory");
                }
                Files.createDirectories(target.getParent());
                total += copyCapped(tar, target, maxBytes - total, name);
                if ((e.getMode() & 0100) != 0 && !target.toFile().setExecutable(true, true)) {
                    throw PluginException.invalid("archive entry " + name + " cannot be made executable here");
                }
            }
        } catch (IOException e) {
            throw PluginException.invalid("the body is not a readable .tar.gz archive: " + e.getMessage());
        }
        if (Files.isRegularFile(root.resolve(PluginReader.MANIFEST))) {
            return root;
        }
        try (Stream<Path> top = Files.list(root)) {
            List<Path> children = top.toList();
            if (children.size() == 1
                    && Files.isDirectory(children.get(0), LinkOption.NOFOLLOW_LINKS)
                    && Files.isRegularFile(children.get(0).resolve(PluginReader.MANIFEST))) {
                return children.get(0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw PluginException.invalid(
                "plugin.json: not found at the top of the archive (nor in its one top-level directory)");
    }

    private static Path safeTarget(Path root, String name) {
        if (name.isEmpty() || name.startsWith("/") || name.contains("\\") || name.contains("\0")) {
            throw PluginException.invalid("archive entry '" + name + "' has an absolute or unusable name");
        }
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                throw PluginException.invalid("archive entry " + name + " escapes the plugin directory (..)");
            }
        }
        Path target = root.resolve(name).normalize();
        if (!target.startsWith(root)) {
            throw PluginException.invalid("archive entry " + name + " escapes the plugin directory");
        }
        return target;
    }

    private static long copyCapped(InputStream in, Path target, long room, String name) throws IOException {
        byte[] buf = new byte[8192];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(target)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                written += n;
                if (written > room) {
                    throw PluginException.invalid("the archive unpacks to more than the plugin size cap (at " + name
                            + "); see svc.plugins.max-bytes");
                }
                out.write(buf, 0, n);
            }
        }
        return written;
    }

    /**
     * The plugin directory as a normalised {@code .tar.gz}. Symbolic links are refused (a link in
     * a plugin is either useless or an escape), and the unpacked size is capped as for uploads.
     */
    public static byte[] pack(Path dir, long maxBytes) {
        Path root = dir.toAbsolutePath().normalize();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted().toList()) {
                if (Files.isSymbolicLink(p)) {
                    throw PluginException.invalid(
                            root.relativize(p) + " is a symbolic link; links are not accepted" + " in a plugin");
                }
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            throw PluginException.invalid("cannot read the plugin directory " + root + ": " + e.getMessage());
        }
        if (files.size() > MAX_ENTRIES) {
            throw PluginException.invalid("the plugin has more than " + MAX_ENTRIES + " files");
        }
        long total = 0;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(bytes))) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Path f : files) {
                long size = Files.size(f);
                total += size;
                if (total > maxBytes) {
                    throw PluginException.invalid(
                            "the plugin is larger than the size cap of " + maxBytes + " bytes (svc.plugins.max-bytes)");
                }
                TarArchiveEntry entry =
                        new TarArchiveEntry(root.relativize(f).toString().replace('\\', '/'));
                entry.setSize(size);
                entry.setModTime(0);
                entry.setMode(Files.isExecutable(f) ? 0755 : 0644);
                tar.putArchiveEntry(entry);
                Files.copy(f, tar);
                tar.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Unpacks a stored (trusted, already checked) archive into a fresh directory, atomically renamed into place. */
    static Path unpackInto(byte[] archive, Path dir, long maxBytes) {
        try {
            Files.createDirectories(dir.getParent());
            Path tmp = Files.createTempDirectory(dir.getParent(), ".unpack-");
            Path root = unpack(new ByteArrayInputStream(archive), tmp, maxBytes);
            Files.move(root, dir, StandardCopyOption.ATOMIC_MOVE);
            if (!root.equals(tmp)) {
                Files.deleteIfExists(tmp);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
