package svc.ml.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Entry point for reading a dataset file: checks existence, size, emptiness and binary content
 * up front, then dispatches on the extension ({@code .jsonl}/{@code .ndjson} or CSV otherwise).
 */
public final class DatasetReader {
    private static final int SNIFF_BYTES = 8192;

    private DatasetReader() {}

    public static Dataset read(Path file) {
        return read(file, ReadOptions.defaults());
    }

    public static Dataset read(Path file, ReadOptions options) {
        long size;
        try {
            size = Files.size(file);
        } catch (NoSuchFileException e) {
            throw new DataLoadException("dataset file not found: " + file);
        } catch (IOException e) {
            throw new DataLoadException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
        if (Files.isDirectory(file)) {
            throw new DataLoadException("dataset path is a directory, not a file: " + file);
        }
        if (size > options.maxBytes()) {
            throw new DataLoadException("dataset file " + file + " is " + size + " bytes, over the limit of "
                    + options.maxBytes() + " bytes");
        }
        if (size == 0) {
            throw new DataLoadException("dataset file " + file + " is empty");
        }
        sniffBinary(file, "dataset file " + file);
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try (Reader reader = utf8Reader(Files.newInputStream(file))) {
            if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
                return JsonlParser.parse(reader, file.toString(), options);
            }
            return CsvParser.parse(reader, file.toString(), options);
        } catch (IOException e) {
            throw new DataLoadException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks that {@code file} is a well-formed dataset of {@code format} ({@link DatasetShape#CSV}
     * or {@link DatasetShape#JSONL}) as {@link #read} would parse it, reading it as a stream and
     * keeping no row, so a file of any size can be checked. Errors name {@code source} (what the
     * user calls the file) instead of the path.
     *
     * @throws DataLoadException naming the line and what is wrong with it
     */
    public static DatasetShape check(Path file, String format, String source) {
        try {
            if (Files.size(file) == 0) {
                throw new DataLoadException(source + " is empty");
            }
        } catch (IOException e) {
            throw new DataLoadException("cannot read " + source + ": " + e.getMessage(), e);
        }
        sniffBinary(file, source);
        try (Reader reader = utf8Reader(Files.newInputStream(file))) {
            return switch (format) {
                case DatasetShape.CSV -> CsvParser.check(reader, source);
                case DatasetShape.JSONL -> JsonlParser.check(reader, source);
                default -> throw new IllegalArgumentException("format must be csv or jsonl, got " + format);
            };
        } catch (IOException e) {
            throw new DataLoadException("cannot read " + source + ": " + e.getMessage(), e);
        }
    }

    /** A NUL byte never occurs in text CSV/JSONL; finding one early avoids parsing megabytes of garbage. */
    private static void sniffBinary(Path file, String source) {
        byte[] head = new byte[SNIFF_BYTES];
        try (InputStream in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            for (int i = 0; i < n; i++) {
                if (head[i] == 0) {
                    throw new DataLoadException(source + " looks binary (NUL byte at offset " + i
                            + "); expected a UTF-8 CSV or JSONL text file");
                }
            }
        } catch (IOException e) {
            throw new DataLoadException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    private static Reader utf8Reader(InputStream in) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        return new InputStreamReader(in, decoder);
    }
}
