package svc.deployments.ship;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@code .tar.gz} whose bytes depend only on the files' paths, contents and
 * executable bits, so a customer can rebuild from the same tree and compare hashes.
 *
 * <p>Entries come in the order given (callers sort them), every entry has the same mtime,
 * uid/gid 0, empty owner names, mode 0755 if the source is executable else 0644; there are no
 * directory entries. The gzip header from {@link GZIPOutputStream} carries no time and no file
 * name.
 *
 * <p>Why not commons-compress's {@code TarArchiveOutputStream}: for a path longer than 100 bytes
 * it writes a PAX (or GNU) header entry whose owner name is the running account's
 * {@code user.name}, so two people shipping the same tree would get different bytes. This
 * writer uses the ustar {@code prefix} field instead (paths up to 255 bytes split at a
 * {@code /}), which needs no extra entry.
 */
public final class ReproducibleTarball {

    private static final int BLOCK = 512;
    /** GNU and BSD tar pad archives to records of 20 blocks; readers accept either. */
    private static final int RECORD = 20 * BLOCK;

    private static final int NAME_LENGTH = 100;
    private static final int PREFIX_LENGTH = 155;

    private ReproducibleTarball() {}

    /**
     * One file to store.
     *
     * @param name   the path inside the archive, {@code /}-separated, no leading slash
     * @param source the file whose bytes and executable bit are stored
     */
    public record Entry(String name, Path source) {}

    /**
     * Writes {@code entries} to {@code target} as a gzip-compressed ustar archive.
     *
     * @param mtimeEpochSeconds the modification time stamped on every entry
     * @throws IOException when a source cannot be read or a path cannot be stored in ustar
     */
    public static void write(Path target, List<Entry> entries, long mtimeEpochSeconds) throws IOException {
        try (OutputStream file = Files.newOutputStream(target);
                GZIPOutputStream gzip = new GZIPOutputStream(new BufferedOutputStream(file, 1 << 16), 1 << 16);
                CountingStream out = new CountingStream(gzip)) {
            for (Entry entry : entries) {
                long size = Files.size(entry.source());
                int mode = Files.isExecutable(entry.source()) ? 0755 : 0644;
                out.write(header(entry.name(), size, mode, mtimeEpochSeconds));
                try (InputStream in = Files.newInputStream(entry.source())) {
                    long copied = in.transferTo(out);
                    if (copied != size) {
                        throw new IOException(entry.source() + " changed size while being archived");
                    }
                }
                pad(out, BLOCK);
            }
            out.write(new byte[2 * BLOCK]);
            pad(out, RECORD);
        }
    }

    static byte[] header(String name, long size, int mode, long mtime) throws IOException {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        byte[] h = new byte[BLOCK];
        if (bytes.length <= NAME_LENGTH) {
            System.arraycopy(bytes, 0, h, 0, bytes.length);
        } else {
            int split = splitPoint(bytes);
            if (split < 0) {
                throw new IOException(
                        "path '" + name + "' is too long for a ustar archive (at most 155 bytes of folders"
                                + " and 100 bytes of file name)");
            }
            System.arraycopy(bytes, split + 1, h, 0, bytes.length - split - 1);
            System.arraycopy(bytes, 0, h, 345, split);
        }
        octal(h, 100, 8, mode);
        octal(h, 108, 8, 0);
        octal(h, 116, 8, 0);
        octal(h, 124, 12, size);
        octal(h, 136, 12, mtime);
        Arrays.fill(h, 148, 156, (byte) ' ');
        h[156] = '0';
        put(h, 257, "ustar\0");
        put(h, 263, "00");
        octal(h, 329, 8, 0);
        octal(h, 337, 8, 0);
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        String checksum = String.format("%06o", sum);
        put(h, 148, checksum);
        h[154] = 0;
        h[155] = ' ';
        return h;
    }

    /** The index of the {@code /} where the name splits into prefix and name, or -1. */
    private static int splitPoint(byte[] path) {
        for (int i = Math.min(PREFIX_LENGTH, path.length - 1); i > 0; i--) {
            if (path[i] == '/' && path.length - i - 1 <= NAME_LENGTH && path.length - i - 1 > 0) {
                return i;
            }
        }
        return -1;
    }

    private static void octal(byte[] h, int offset, int length, long value) throws IOException {
        String digits = Long.toOctalString(value);
        if (value < 0 || digits.length() > length - 1) {
            throw new IOException("value " + value + " does not fit a ustar field of " + length + " bytes");
        }
        put(h, offset, "0".repeat(length - 1 - digits.length()) + digits);
        h[offset + length - 1] = 0;
    }

    private static void put(byte[] h, int offset, String ascii) {
        byte[] b = ascii.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, h, offset, b.length);
    }

    private static void pad(CountingStream out, int unit) throws IOException {
        long rest = out.count % unit;
        if (rest != 0) {
            out.write(new byte[(int) (unit - rest)]);
        }
    }

    /** Counts bytes so entries and the archive end can be padded to block boundaries. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        private long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
