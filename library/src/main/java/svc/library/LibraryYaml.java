package svc.library;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.stream.Collectors;
import svc.config.Yaml;

/**
 * Reads library YAML files into records.
 *
 * <p>One strict mapper for every asset: record components in camelCase map to snake_case keys,
 * and an unknown key is an error, because a misspelt optional field (say {@code ttl_second})
 * would otherwise be silently ignored and the asset would behave differently from what its
 * author wrote. Jackson's errors are rewritten to name the file, the field path and the line.
 */
public final class LibraryYaml {

    private LibraryYaml() {}

    /**
     * Parses {@code in} as {@code type}.
     *
     * @param source how to name the file in error messages (a path or a resource name)
     * @throws LibraryException naming the source, the field and the line when the YAML is
     *     malformed, has an unknown field or a value of the wrong type
     */
    public static <T> T read(InputStream in, Class<T> type, String source) {
        try (in) {
            T value = Yaml.HAND_WRITTEN.readValue(in, type);
            if (value == null) {
                throw new LibraryException(source + ": the file is empty");
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw new LibraryException(
                    source + ": unknown field '" + e.getPropertyName() + "'" + where(e) + "; known fields here: "
                            + known(e.getKnownPropertyIds()),
                    e);
        } catch (JsonMappingException e) {
            throw new LibraryException(source + ": " + e.getOriginalMessage() + where(e), e);
        } catch (JsonProcessingException e) {
            throw new LibraryException(
                    source + ": not valid YAML: " + e.getOriginalMessage() + lineOf(e.getLocation()), e);
        } catch (IOException e) {
            throw new LibraryException(source + ": cannot be read: " + e.getMessage(), e);
        }
    }

    private static String where(JsonMappingException e) {
        String path = e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
        return (path.isEmpty() ? "" : " at " + path) + lineOf(e.getLocation());
    }

    private static String lineOf(JsonLocation location) {
        return location == null || location.getLineNr() < 0 ? "" : " (line " + location.getLineNr() + ")";
    }

    private static String known(Collection<Object> ids) {
        return ids == null ? "?" : ids.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
    }
}
