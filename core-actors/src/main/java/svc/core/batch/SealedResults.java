package svc.core.batch;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A batch's results with at-rest encryption on. A sealed file cannot be appended to (its digest
 * block and last-segment flag close it), and rewriting one whole file per checkpoint would cost
 * O(n²) bytes, so each flush (a chunk, or one record of a {@code custom} batch) is sealed as its
 * own part, {@code results-<first index>-<count>.jsonl}, written under a temporary name and moved
 * into place (a part is there whole or not at all). To keep the number of files small, a new part
 * is merged with the one before it while that one holds no more lines (a binary counter: at most
 * about log₂(n) parts, every line rewritten about log₂(n) times, O(n log n) bytes in all). A merge
 * writes the merged part before it removes the two it replaces; a crash between leaves parts that
 * overlap, and the reader and the next opening keep the larger one.
 *
 * <p>Restart rule, as for the clear file: parts are whole, so the lines after the checkpoint are
 * all kept; the next record is the one after the last line. A clear {@code results.jsonl} from
 * before encryption was switched on is cut by the clear rule, sealed as the first part and removed.
 */
final class SealedResults implements ResultsLog {

    private final BatchFiles files;
    private final Path dir;
    private final Progress start;
    private final List<BatchFiles.Part> parts;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private long pendingLines;
    private long written;
    private boolean closed;

    private SealedResults(BatchFiles files, Path dir, Progress start, List<BatchFiles.Part> parts) {
        this.files = files;
        this.dir = dir;
        this.start = start;
        this.parts = parts;
        this.written = start.processed();
    }

    static SealedResults open(BatchFiles files, Path dir, Progress checkpoint) throws IOException {
        Files.createDirectories(dir);
        List<BatchFiles.Part> parts = new ArrayList<>(files.parts(dir, true));
        Path clear = dir.resolve(BatchFiles.RESULTS);
        if (Files.exists(clear)) {
            if (parts.isEmpty()) {
                sealClear(files, dir, clear, checkpoint);
                parts = new ArrayList<>(files.parts(dir, true));
            } else {
                // Sealed as the first part already; the clear file's removal did not happen.
                Files.delete(clear);
            }
        }
        long total = parts.stream().mapToLong(BatchFiles.Part::bytes).sum();
        if (total < checkpoint.resultsBytes()) {
            throw new IOException("the sealed results hold " + total + " bytes, fewer than the "
                    + checkpoint.resultsBytes() + " its checkpoint recorded");
        }
        // Only the parts past the checkpoint are opened (their lines counted); parts are whole.
        List<InputStream> after = new ArrayList<>();
        long skip = checkpoint.resultsBytes();
        Progress start;
        try {
            long at = 0;
            for (BatchFiles.Part p : parts) {
                if (at + p.bytes() > checkpoint.resultsBytes()) {
                    after.add(files.open(p.file()));
                } else {
                    skip -= p.bytes();
                }
                at += p.bytes();
            }
            try (InputStream in = new SequenceInputStream(Collections.enumeration(after))) {
                in.skipNBytes(skip);
                start = BatchFiles.linesAfter(in, checkpoint);
            }
        } finally {
            for (InputStream s : after) {
                s.close();
            }
        }
        if (start.resultsBytes() != total) {
            throw new IOException("the sealed results of " + dir.getFileName() + " are not in sequence after line "
                    + start.processed());
        }
        return new SealedResults(files, dir, start, parts);
    }

    /** The clear file cut by the restart rule, sealed as the first part, then removed. */
    private static void sealClear(BatchFiles files, Path dir, Path clear, Progress checkpoint) throws IOException {
        Progress kept;
        try (FileChannel channel = FileChannel.open(clear, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            kept = ClearResults.cut(clear, channel, checkpoint);
        }
        if (kept.processed() > 0) {
            try (InputStream in = Files.newInputStream(clear)) {
                files.write(BatchFiles.partFile(dir, 0, kept.processed()), in);
            }
        }
        Files.delete(clear);
    }

    @Override
    public Progress start() {
        return start;
    }

    @Override
    public synchronized void write(byte[] line) throws IOException {
        if (closed) {
            throw new BatchWorker.Abandoned();
        }
        pending.write(line);
        pendingLines++;
    }

    @Override
    public synchronized void flush() throws IOException {
        if (closed) {
            throw new BatchWorker.Abandoned();
        }
        if (pendingLines == 0) {
            return;
        }
        byte[] bytes = pending.toByteArray();
        Path file = BatchFiles.partFile(dir, written, pendingLines);
        files.write(file, new ByteArrayInputStream(bytes));
        parts.add(new BatchFiles.Part(file, written, pendingLines, bytes.length));
        written += pendingLines;
        pending.reset();
        pendingLines = 0;
        while (parts.size() >= 2
                && parts.get(parts.size() - 2).count()
                        <= parts.get(parts.size() - 1).count()) {
            merge();
        }
    }

    /** Replaces the last two parts by one holding both. */
    private void merge() throws IOException {
        BatchFiles.Part older = parts.get(parts.size() - 2);
        BatchFiles.Part newer = parts.get(parts.size() - 1);
        Path merged = BatchFiles.partFile(dir, older.first(), older.count() + newer.count());
        long bytes;
        try (InputStream a = files.open(older.file());
                InputStream b = files.open(newer.file())) {
            // Streamed: opened segment by segment, sealed segment by segment.
            bytes = files.write(merged, new SequenceInputStream(a, b));
        }
        Files.delete(older.file());
        Files.delete(newer.file());
        parts.remove(parts.size() - 1);
        parts.set(parts.size() - 1, new BatchFiles.Part(merged, older.first(), older.count() + newer.count(), bytes));
    }

    @Override
    public synchronized void close() {
        closed = true;
        pending.reset();
        pendingLines = 0;
    }
}
