package svc.deployments.ship;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import svc.governance.signing.Digests;

/**
 * Reads a shipped {@code .tar.gz} back with commons-compress (an implementation independent of
 * {@link ReproducibleTarball}, which wrote it): each regular file's name and SHA-256, in archive
 * order. The SBOM is made from this reading, so it describes the bytes the customer receives.
 */
public final class TarballContents {

    private TarballContents() {}

    /** Entry name to SHA-256 (hex), in archive order. */
    public static Map<String, String> sha256ByEntry(Path tarball) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (InputStream file = new BufferedInputStream(Files.newInputStream(tarball), 1 << 16);
                GzipCompressorInputStream gzip = new GzipCompressorInputStream(file);
                TarArchiveInputStream tar = new TarArchiveInputStream(gzip)) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                if (e.isFile()) {
                    if (out.put(e.getName(), Digests.sha256Hex(tar)) != null) {
                        throw new IOException(tarball + " holds " + e.getName() + " twice");
                    }
                }
            }
        }
        return out;
    }
}
