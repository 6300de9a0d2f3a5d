package svc.deployments.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import svc.config.Yaml;
import svc.deployments.DeploymentLayout;
import svc.deployments.Finding;

/**
 * Reads {@code deployment.yaml} strictly: a misspelt key, a duplicate key or a value of the wrong
 * type is an error naming the field and the line, because a deployment that silently ignored
 * {@code retension:} would ship with the template's retention and nobody would notice.
 */
public final class DeploymentReader {

    private static final String FILE = DeploymentLayout.CONFIG_FILE;

    private DeploymentReader() {}

    /**
     * A parsed configuration with the lines of its keys and the hash of its bytes.
     *
     * @param sha256 of the file as stored, lower-case hex
     */
    public record Parsed(DeploymentSpec spec, YamlLines lines, String sha256) {

        /** The line of a JSON pointer such as {@code /library/1}, or of its nearest parent. */
        public int lineOf(String pointer) {
            return lines.lineOf(pointer);
        }
    }

    /** Parses the configuration of {@code directory}; on failure adds the findings and answers empty. */
    public static Optional<Parsed> read(Path directory, List<Finding> findings) {
        Path file = directory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            findings.add(Finding.error(
                    FILE,
                    0,
                    "missing: every deployment needs a " + FILE
                            + " (svc deploy new <customer> --template=... writes one)"));
            return Optional.empty();
        }
        byte[] bytes;
        String text;
        try {
            bytes = Files.readAllBytes(file);
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            findings.add(Finding.error(FILE, 0, "not UTF-8 text"));
            return Optional.empty();
        } catch (IOException e) {
            findings.add(Finding.error(FILE, 0, "cannot be read: " + e.getMessage()));
            return Optional.empty();
        }
        YamlLines lines;
        try {
            lines = YamlLines.index(Yaml.HAND_WRITTEN, text);
        } catch (JsonProcessingException e) {
            findings.add(Finding.error(
                    FILE, line(e.getLocation()), "not valid YAML: " + yamlProblem(e.getOriginalMessage())));
            return Optional.empty();
        } catch (IOException e) {
            findings.add(Finding.error(FILE, 0, "cannot be read: " + e.getMessage()));
            return Optional.empty();
        }
        try {
            DeploymentSpec spec = Yaml.HAND_WRITTEN.readValue(text, DeploymentSpec.class);
            if (spec == null) {
                findings.add(Finding.error(FILE, 0, "the file is empty; it needs at least 'customer' and 'template'"));
                return Optional.empty();
            }
            return Optional.of(new Parsed(spec, lines, sha256(bytes)));
        } catch (UnrecognizedPropertyException e) {
            String where = path(e);
            findings.add(Finding.error(
                    FILE,
                    lineOf(lines, e),
                    "unknown field '" + e.getPropertyName() + "'"
                            + (where.contains(".") ? " in " + where.substring(0, where.lastIndexOf('.')) : "")
                            + "; known fields here: " + known(e.getKnownPropertyIds())));
        } catch (MismatchedInputException e) {
            findings.add(Finding.error(FILE, lineOf(lines, e), mismatch(e)));
        } catch (JsonProcessingException e) {
            findings.add(Finding.error(FILE, line(e.getLocation()), firstLine(e.getOriginalMessage())));
        }
        return Optional.empty();
    }

    /** SHA-256 of bytes, lower-case hex. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static String mismatch(MismatchedInputException e) {
        String path = path(e);
        String expected = describe(e.getTargetType());
        String got = e instanceof InvalidFormatException f ? " '" + f.getValue() + "'" : "";
        if (path.isEmpty()) {
            return "the file must be a mapping of fields (customer, template, ...), not "
                    + firstLine(e.getOriginalMessage());
        }
        return "field '" + path + "': expected " + expected + ", got" + (got.isEmpty() ? " something else" : got);
    }

    private static String describe(Class<?> type) {
        if (type == null) {
            return "another kind of value";
        }
        if (type == Integer.class || type == int.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "text";
        }
        if (List.class.isAssignableFrom(type) || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a mapping of fields";
    }

    /**
     * The line of the field a mapping error is about: Jackson's own location is where the
     * parser stopped, which for YAML can be the line after the field.
     */
    private static int lineOf(YamlLines lines, JsonMappingException e) {
        String pointer = e.getPath().stream()
                .map(ref -> "/" + (ref.getFieldName() != null ? ref.getFieldName() : String.valueOf(ref.getIndex())))
                .collect(Collectors.joining());
        int line = pointer.isEmpty() ? 0 : lines.lineOf(pointer);
        return line > 0 ? line : line(e.getLocation());
    }

    /**
     * SnakeYAML's message without its indented location and snippet lines, e.g. "while parsing
     * a flow sequence: expected ',' or ']', but got <stream end>".
     */
    private static String yamlProblem(String message) {
        if (message == null) {
            return "unreadable";
        }
        return message.lines()
                .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
                .map(String::strip)
                .collect(Collectors.joining(": "));
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    private static int line(JsonLocation location) {
        return location == null || location.getLineNr() < 0 ? 0 : location.getLineNr();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    private static String known(Collection<Object> ids) {
        return ids == null ? "?" : ids.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
    }
}
