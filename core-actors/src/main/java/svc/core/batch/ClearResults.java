package svc.core.batch;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code results.jsonl} in clear (at-rest encryption off), appended in place: at opening, the lines
 * after the checkpoint are kept when complete and in sequence and a torn last line is cut off.
 */
final class ClearResults implements ResultsLog {

    private final FileChannel channel;
    private final OutputStream out;
    private final Progress start;
    private boolean closed;

    private ClearResults(FileChannel channel, Progress start) {
        this.channel = channel;
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
        this.start = start;
    }

    static ClearResults open(Path results, Progress checkpoint) throws IOException {
        Files.createDirectories(results.getParent());
        FileChannel channel =
                FileChannel.open(results, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            Progress start = cut(results, channel, checkpoint);
            channel.position(start.resultsBytes());
            return new ClearResults(channel, start);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Applies the restart rule to a clear results file and cuts it where its good lines end. */
    static Progress cut(Path results, FileChannel channel, Progress checkpoint) throws IOException {
        if (channel.size() < checkpoint.resultsBytes()) {
            throw new IOException(BatchFiles.RESULTS + " holds " + channel.size() + " bytes, fewer than the "
                    + checkpoint.resultsBytes() + " its checkpoint recorded");
        }
        Progress start;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(results))) {
            in.skipNBytes(checkpoint.resultsBytes());
            start = BatchFiles.linesAfter(in, checkpoint);
        }
        channel.truncate(start.resultsBytes());
        return start;
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
        out.write(line);
    }

    @Override
    public synchronized void flush() throws IOException {
        if (closed) {
            throw new BatchWorker.Abandoned();
        }
        out.flush();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.flush();
            channel.close();
        } catch (IOException e) {
            // the journal's checkpoint, not this file's tail, is what a restart trusts
        }
    }
}
