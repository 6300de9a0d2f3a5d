package svc.core.batch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import svc.config.Json;
import svc.governance.crypto.DecryptionException;
import svc.governance.crypto.SealedFiles;

/**
 * The files of the batches under {@code $SVC_HOME/batches/<batch_id>/}: {@code input.jsonl} (when
 * records were posted) and the results. With at-rest encryption on every file written there is a
 * plain {@link SealedFiles} envelope ({@code SVCSEAL1}, the file's path relative to
 * {@code $SVC_HOME/batches} as the authenticated context {@code batch_file}, so a file moved to
 * another name or batch does not open), and the results are part files that are never appended to
 * (see {@link SealedResults}). A file without the sealed header was written while encryption was
 * off and is read as it is; a sealed file with encryption off is a clear error, never envelope
 * bytes served as content.
 */
public final class BatchFiles {

    static final String INPUT = "input.jsonl";
    static final String RESULTS = "results.jsonl";
    /** {@code results-<first line index>-<line count>.jsonl}: one sealed part of the results. */
    static final Pattern PART = Pattern.compile("results-(\\d{12})-(\\d{12})\\.jsonl");

    /** A results part: its file, its first line's index, how many lines and how many bytes (plaintext). */
    record Part(Path file, long first, long count, long bytes) {
        long end() {
            return first + count;
        }
    }

    private final Path batches;
    /** Null: encryption is off. */
    private final SealedFiles seal;

    BatchFiles(Path batches, SealedFiles seal) {
        this.batches = batches.toAbsolutePath().normalize();
        this.seal = seal;
    }

    boolean sealed() {
        return seal != null;
    }

    Path dir(String batchId) {
        return batches.resolve(batchId);
    }

    /** What a batch file's envelope authenticates: its path under {@code $SVC_HOME/batches}. */
    Map<String, String> context(Path file) {
        return Map.of("batch_file", relative(file));
    }

    private String relative(Path file) {
        Path f = file.toAbsolutePath().normalize();
        if (!f.startsWith(batches)) {
            try {
                // A path kept by its real path (the staged input) when $SVC_HOME leads through a link.
                Path real = batches.toRealPath();
                if (f.startsWith(real)) {
                    return real.relativize(f).toString().replace('\\', '/');
                }
            } catch (IOException e) {
                // no batches directory yet: the file is not under it either
            }
            throw new IllegalArgumentException(file + " is not a batch file under " + batches);
        }
        return batches.relativize(f).toString().replace('\\', '/');
    }

    /** Writes the posted records as the batch's input: sealed with encryption on. */
    void writeInput(Path file, List<JsonNode> records) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (JsonNode record : records) {
            bytes.write(Json.write(record).getBytes(StandardCharsets.UTF_8));
            bytes.write('\n');
        }
        write(file, new ByteArrayInputStream(bytes.toByteArray()));
    }

    /**
     * Writes a whole batch file from a stream (sealed with encryption on), under a temporary name
     * moved into place, so the file is there whole or not at all; answers its plaintext's length.
     */
    long write(Path file, InputStream content) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            long size = seal == null
                    ? Files.copy(content, tmp)
                    : seal.seal(content, tmp, context(file)).size();
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return size;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A file's clear content, opened as a stream: a sealed batch file is opened (its envelope
     * checked), any other file read as it is.
     */
    InputStream open(Path file) throws IOException {
        BufferedInputStream in = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        try {
            in.mark(SealedFiles.MAGIC.length);
            byte[] head = in.readNBytes(SealedFiles.MAGIC.length);
            in.reset();
            if (!SealedFiles.isSealed(head, head.length)) {
                return in;
            }
            if (seal == null) {
                throw new DecryptionException(relative(file) + " under $SVC_HOME/batches was sealed while at-rest"
                        + " encryption was on; start with SVC_AT_REST_ENCRYPTION=on and the key it was sealed under"
                        + " (SVC_KEK) to read it");
            }
            return seal.open(in, context(file));
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** The same as UTF-8 text. */
    BufferedReader reader(Path file) throws IOException {
        return new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8));
    }

    /** Size of a part's plaintext, from its sealed digest block (nothing is decrypted). */
    long plainSize(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 8 * 1024)) {
            return seal.digest(in, context(file)).size();
        }
    }

    /** Opens the batch's results where its checkpoint says (the restart rule), sealed or clear as configured. */
    ResultsLog openResults(Path dir, Progress checkpoint) throws IOException {
        if (seal == null) {
            if (!parts(dir, false).isEmpty()) {
                throw new DecryptionException("the results of " + dir.getFileName() + " were sealed while at-rest"
                        + " encryption was on; resume it with SVC_AT_REST_ENCRYPTION=on and its key (SVC_KEK)");
            }
            return ClearResults.open(dir.resolve(RESULTS), checkpoint);
        }
        return SealedResults.open(this, dir, checkpoint);
    }

    /**
     * The results as they are now, one line per processed record, in order: the clear
     * {@code results.jsonl} of a batch written with encryption off, or the sealed parts opened one
     * after the other. Every part is opened before the answer is given, so a merge that replaces
     * parts meanwhile (its files removed) does not cut the stream short.
     */
    InputStream readResults(Path dir) throws IOException {
        for (int attempt = 0; ; attempt++) {
            List<InputStream> opened = new ArrayList<>();
            try {
                Path clear = dir.resolve(RESULTS);
                List<Part> parts = parts(dir, false);
                if (parts.isEmpty() || parts.get(0).first() > 0) {
                    if (Files.exists(clear)) {
                        opened.add(open(clear));
                    }
                }
                for (Part p : parts) {
                    opened.add(open(p.file()));
                }
                return new SequenceInputStream(Collections.enumeration(opened));
            } catch (NoSuchFileException e) {
                closeAll(opened);
                if (attempt >= 5) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                closeAll(opened);
                throw e;
            }
        }
    }

    private static void closeAll(List<InputStream> streams) {
        for (InputStream s : streams) {
            try {
                s.close();
            } catch (IOException e) {
                // nothing was read
            }
        }
    }

    /**
     * The results parts in order, each covering the lines after the one before. A part whose
     * lines another part holds already (left by a merge that stopped before removing it) is
     * skipped, and removed when {@code tidy}; a gap in the lines is an error. Sizes are read only
     * when {@code tidy} (the writer's opening needs them).
     */
    List<Part> parts(Path dir, boolean tidy) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Part> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (tidy && name.endsWith(".tmp")) {
                    Files.deleteIfExists(f);
                    continue;
                }
                Matcher m = PART.matcher(name);
                if (m.matches()) {
                    all.add(new Part(f, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), -1));
                }
            }
        }
        all.sort(Comparator.comparingLong(Part::first)
                .thenComparing(Comparator.comparingLong(Part::count).reversed()));
        List<Part> out = new ArrayList<>();
        long expected = all.isEmpty() ? 0 : all.get(0).first();
        for (Part p : all) {
            if (p.first() < expected) {
                if (tidy) {
                    Files.deleteIfExists(p.file());
                }
                continue;
            }
            if (p.first() > expected) {
                throw new IOException("the results of " + dir.getFileName() + " miss lines " + expected + " to "
                        + (p.first() - 1) + " (before " + p.file().getFileName() + ")");
            }
            out.add(tidy ? new Part(p.file(), p.first(), p.count(), plainSize(p.file())) : p);
            expected = p.end();
        }
        return out;
    }

    static Path partFile(Path dir, long first, long count) {
        return dir.resolve(String.format("results-%012d-%012d.jsonl", first, count));
    }

    /**
     * The restart rule on a stream positioned at the checkpoint's byte: the progress including the
     * complete, in-sequence lines after it (a torn or out-of-sequence line ends them).
     */
    static Progress linesAfter(InputStream in, Progress checkpoint) throws IOException {
        long processed = checkpoint.processed();
        long errors = checkpoint.errors();
        long end = checkpoint.resultsBytes();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b != '\n') {
                line.write(b);
                continue;
            }
            JsonNode parsed;
            try {
                parsed = Json.parse(line.toString(StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                break;
            }
            if (parsed.path("index").asLong(-1) != processed) {
                break;
            }
            processed++;
            errors += parsed.has("error") ? 1 : 0;
            end += line.size() + 1L;
            line.reset();
        }
        return new Progress(processed, errors, end);
    }
}
