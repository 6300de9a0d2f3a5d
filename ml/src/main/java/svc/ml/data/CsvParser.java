package svc.ml.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A streaming RFC 4180 parser: comma separated, double-quoted fields may hold commas, line
 * breaks and doubled quotes; CRLF or LF line ends; a UTF-8 BOM is skipped. Unquoted fields are
 * trimmed. Errors name the physical line where the offending record starts.
 */
final class CsvParser {
    /** A longer field is almost surely a wrong format (or a missing closing quote), not data. */
    static final int MAX_FIELD_CHARS = 1 << 20;

    private final BufferedReader in;
    private final String source;
    private int line = 1;
    private int pushedBack = -2;

    private CsvParser(Reader reader, String source) {
        this.in = new BufferedReader(reader, 1 << 16);
        this.source = source;
    }

    static Dataset parse(Reader reader, String source, ReadOptions options) throws IOException {
        CsvParser p = new CsvParser(reader, source);
        try {
            List<String[]> rows = new ArrayList<>();
            List<String> header = p.walk(rec -> {
                String[] row = new String[rec.size()];
                for (int i = 0; i < row.length; i++) {
                    String v = rec.get(i);
                    row[i] = options.missingTokens().contains(v) ? null : v;
                }
                rows.add(row);
            });
            Set<String> seen = new HashSet<>();
            for (String name : header) {
                if (!seen.add(name)) {
                    throw new DataLoadException(source + ": the header names column '" + name + "' twice");
                }
            }
            return Dataset.fromRows(header, rows);
        } catch (CharacterCodingException e) {
            throw new DataLoadException(source + " is not valid UTF-8 text (near line " + p.line + ")", e);
        }
    }

    /** The same checks as {@link #parse} without keeping any row: for files too large to hold. */
    static DatasetShape check(Reader reader, String source) throws IOException {
        CsvParser p = new CsvParser(reader, source);
        try {
            long[] rows = {0};
            List<String> header = p.walk(rec -> rows[0]++);
            return new DatasetShape(DatasetShape.CSV, header, rows[0]);
        } catch (CharacterCodingException e) {
            throw new DataLoadException(source + " is not valid UTF-8 text (near line " + p.line + ")", e);
        }
    }

    /** Reads the header, hands every data record to {@code each} and answers the header. */
    private List<String> walk(Consumer<List<String>> each) throws IOException {
        int first = read();
        if (first != '\uFEFF') {
            unread(first);
        }
        List<String> header = readRecord();
        if (header == null || (header.size() == 1 && header.get(0).isEmpty())) {
            throw new DataLoadException(source + " has no header row");
        }
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).isEmpty()) {
                throw new DataLoadException(source + ": header column " + (i + 1) + " has an empty name");
            }
        }
        long rows = 0;
        while (true) {
            int startLine = line;
            List<String> rec = readRecord();
            if (rec == null) {
                break;
            }
            if (rec.size() == 1 && rec.get(0).isEmpty()) {
                continue; // blank line
            }
            if (rec.size() != header.size()) {
                throw new DataLoadException(source + " line " + startLine + ": expected " + header.size()
                        + " fields as in the header, found " + rec.size());
            }
            each.accept(rec);
            rows++;
        }
        if (rows == 0) {
            throw new DataLoadException(source + " has a header but no data rows");
        }
        return header;
    }

    /** Reads one record, or null at end of input. */
    private List<String> readRecord() throws IOException {
        int c = read();
        if (c == -1) {
            return null;
        }
        unread(c);
        int startLine = line;
        List<String> fields = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        while (true) {
            c = read();
            if (c == '"' && sb.toString().isBlank()) {
                sb.setLength(0);
                readQuoted(sb, startLine);
                fields.add(sb.toString());
                sb.setLength(0);
                c = skipToSeparator();
                if (c == ',') {
                    continue;
                }
                return fields;
            }
            if (c == ',') {
                fields.add(sb.toString().trim());
                sb.setLength(0);
            } else if (c == '\n' || c == -1) {
                fields.add(sb.toString().trim());
                return fields;
            } else if (c == '\r') {
                int next = read();
                if (next != '\n') {
                    unread(next);
                }
                fields.add(sb.toString().trim());
                return fields;
            } else if (c == 0) {
                throw new DataLoadException(source + " line " + line + ": NUL byte; the file looks binary");
            } else {
                append(sb, c);
            }
        }
    }

    private void append(StringBuilder sb, int c) {
        if (sb.length() >= MAX_FIELD_CHARS) {
            throw new DataLoadException(source + " line " + line + ": a field is longer than " + MAX_FIELD_CHARS
                    + " characters; is this really a comma-separated file?");
        }
        sb.append((char) c);
    }

    private void readQuoted(StringBuilder sb, int startLine) throws IOException {
        while (true) {
            int c = read();
            if (c == -1) {
                throw new DataLoadException(source + " line " + startLine + ": quoted field is never closed");
            }
            if (c == '"') {
                int next = read();
                if (next == '"') {
                    sb.append('"');
                    continue;
                }
                unread(next);
                return;
            }
            if (c == 0) {
                throw new DataLoadException(source + " line " + line + ": NUL byte; the file looks binary");
            }
            append(sb, c);
        }
    }

    /** After a closing quote only spaces may come before the separator or line end. */
    private int skipToSeparator() throws IOException {
        while (true) {
            int c = read();
            if (c == ',' || c == '\n' || c == -1) {
                return c;
            }
            if (c == '\r') {
                int next = read();
                if (next != '\n') {
                    unread(next);
                }
                return '\n';
            }
            if (c != ' ' && c != '\t') {
                throw new DataLoadException(
                        source + " line " + line + ": unexpected character '" + (char) c + "' after a closing quote");
            }
        }
    }

    private int read() throws IOException {
        int c;
        if (pushedBack != -2) {
            c = pushedBack;
            pushedBack = -2;
        } else {
            c = in.read();
        }
        if (c == '\n') {
            line++;
        }
        return c;
    }

    private void unread(int c) {
        if (c == '\n') {
            line--;
        }
        pushedBack = c;
    }
}
