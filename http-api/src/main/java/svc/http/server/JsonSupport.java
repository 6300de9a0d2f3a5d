package svc.http.server;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.pekko.http.javadsl.marshalling.Marshaller;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpCharsets;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpEntity;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.RequestEntity;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.util.ByteString;
import svc.config.Json;
import svc.http.problem.ApiProblem;

/**
 * JSON in and out of the routes, with the shared mappers: answers are written by {@link Json#MAPPER}.
 *
 * <p>Request bodies bind to records through {@link Json#STRICT}: a misspelt field is a 400 naming
 * it rather than a silently ignored value, and a value of the wrong JSON type ({@code "problem": 5},
 * {@code "enabled": "true"}) is a 400 naming the field and the type it must be rather than a value
 * Jackson converted. Every binding failure becomes a {@code validation-error} problem naming the
 * field; a record may check its own values in its constructor by throwing an {@link ApiProblem}.
 *
 * <p>Answers are records written straight to bytes; the marshallers are opaque (no content
 * negotiation), as every client of this API takes JSON whatever it sends in {@code Accept}.
 */
public final class JsonSupport {

    public static final ContentType PROBLEM_JSON = MediaTypes.applicationWithFixedCharset(
                    "problem+json", HttpCharsets.UTF_8)
            .toContentType();

    private static final ObjectReader BODIES = Json.STRICT.reader();
    private static final ObjectWriter WRITER = Json.MAPPER.writer();

    private static final Marshaller<Object, RequestEntity> JSON =
            Marshaller.opaque(value -> HttpEntities.create(ContentTypes.APPLICATION_JSON, bytes(value)));
    private static final Marshaller<Object, RequestEntity> PROBLEM =
            Marshaller.opaque(value -> HttpEntities.create(PROBLEM_JSON, bytes(value)));

    private static final Set<Class<?>> WHOLE_NUMBERS =
            Set.of(Integer.class, int.class, Long.class, long.class, Short.class, short.class, BigInteger.class);

    private JsonSupport() {}

    /** Writes any record (or list, map, tree) as {@code application/json}. */
    @SuppressWarnings("unchecked")
    public static <T> Marshaller<T, RequestEntity> json() {
        return (Marshaller<T, RequestEntity>) (Marshaller<?, ?>) JSON;
    }

    /** Writes a problem-details record as {@code application/problem+json}. */
    @SuppressWarnings("unchecked")
    public static <T> Marshaller<T, RequestEntity> problem() {
        return (Marshaller<T, RequestEntity>) (Marshaller<?, ?>) PROBLEM;
    }

    /**
     * Reads the request body as a {@code type}, whatever its declared content type (clients
     * such as {@code curl -d} send form-encoded headers with JSON bodies).
     */
    public static <T> Unmarshaller<HttpEntity, T> body(Class<T> type) {
        return Unmarshaller.entityToByteString().thenApply(bytes -> read(bytes, type));
    }

    /** The body as a {@code type}; any problem with it is a 400 naming the field. */
    static <T> T read(ByteString bytes, Class<T> type) {
        if (bytes.isEmpty()) {
            throw ApiProblem.badRequest("the body must be a JSON object");
        }
        try {
            T value = BODIES.forType(type).readValue(bytes.toArrayUnsafe());
            if (value == null) {
                // The literal null binds to no record at all; the routes would meet it as a missing body.
                throw ApiProblem.badRequest("the body must be a JSON object, not null");
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            throw ApiProblem.badRequest(
                    "unknown field '" + field(e) + "'; accepted: " + known(e.getKnownPropertyIds()));
        } catch (ValueInstantiationException e) {
            if (e.getCause() instanceof ApiProblem p) {
                throw p;
            }
            throw ApiProblem.badRequest(e.getOriginalMessage());
        } catch (JsonParseException e) {
            throw ApiProblem.badRequest("the body is not valid JSON: " + e.getOriginalMessage());
        } catch (MismatchedInputException e) {
            String field = field(e);
            if (field.isEmpty()) {
                throw ApiProblem.badRequest("the body must be a JSON object");
            }
            throw ApiProblem.badRequest(field + ": must be " + expected(e.getTargetType()));
        } catch (JsonMappingException e) {
            throw ApiProblem.badRequest(
                    field(e).isEmpty() ? e.getOriginalMessage() : field(e) + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiProblem.badRequest("the body could not be read: " + e.getMessage());
        }
    }

    /** A value as JSON bytes, for answers made once and kept (the OpenAPI document). */
    public static byte[] bytes(Object value) {
        try {
            return WRITER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JSON path of a binding failure, e.g. {@code sensitive_attributes[0]}. */
    private static String field(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (WHOLE_NUMBERS.contains(type)) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type)
                || type.isRecord()
                || type.getName().endsWith("ObjectNode")) {
            return "a JSON object";
        }
        return "a " + type.getSimpleName();
    }

    private static List<String> known(Collection<Object> ids) {
        return ids.stream().map(String::valueOf).sorted().collect(Collectors.toList());
    }
}
