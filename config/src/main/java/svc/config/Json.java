package svc.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.MapperBuilder;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The one factory of Jackson mappers for JSON in svc ({@link Yaml} is its YAML sibling, with the
 * same features); nothing else in the tree builds a Jackson 2 mapper (Pekko's CBOR serializer is
 * configured in {@code reference.conf}; {@link Yaml} names the one Jackson 3 mapper). The features,
 * decided once here:
 *
 * <ul>
 *   <li>{@code java.time} values are ISO-8601 strings (JSR-310 module, no numeric timestamps);
 *   <li>map entries are written in key order, so a {@code HashMap} gives the same bytes on every
 *       run: artefacts, receipts and manifests are hashed, signed and compared byte for byte. A map
 *       whose insertion order carries meaning opts out on its own property with
 *       {@code @JsonSerialize(using = Json.InsertionOrder.class)} (Jackson's per-property
 *       {@code @JsonFormat} switch cannot turn the global feature off);
 *   <li>records bind through their canonical constructors by component name, which Jackson does
 *       for records natively (no parameter-names module: nothing binds a non-record constructor);
 *   <li>Jackson's defaults otherwise (compact output, doubles for JSON floats); a use that needs
 *       something else for one call derives a reader or writer ({@link #pretty()},
 *       {@code MAPPER.reader().with(...)}) and never builds a mapper of its own.
 * </ul>
 *
 * <p>Reading comes in three named configurations, because what is read differs in who wrote it:
 *
 * <ul>
 *   <li>{@link #MAPPER}, lenient: an unknown property is ignored. For what svc wrote itself and
 *       reads back (artefacts, tool arguments and results, its own API's answers): a field added by
 *       a newer version must not break an older reader.
 *   <li>{@link #STRICT}: for input someone else wrote that svc binds to records (request bodies,
 *       envelopes, signing receipts). An unknown property, a duplicate key, content after the value
 *       and a {@code null} for a primitive are errors naming the field, never silently dropped; so
 *       is a value of the wrong JSON type: Jackson's scalar coercions are off (no number or boolean
 *       into a string, no string into a number or boolean, no fraction into a whole number), as a
 *       client that sends {@code "limit": "5"} or {@code "name": 5} has a bug to be told about.
 *   <li>{@link #HAND_WRITTEN}: the strict rules but Jackson's scalar coercions, with snake_case
 *       property names, for files people write by hand (the settings file), where a quoted number
 *       is a slip to forgive; when svc writes one back, fields that are unset are left out, as a
 *       person would leave them out.
 * </ul>
 */
public final class Json {

    /** Lenient reading, for what svc wrote itself; the mapper for writing JSON. */
    public static final ObjectMapper MAPPER = common(JsonMapper.builder())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** Strict binding of input someone else wrote, exact JSON types; writes exactly as {@link #MAPPER}. */
    public static final ObjectMapper STRICT =
            exactTypes(strict(JsonMapper.builder())).build();

    /** Strict binding with snake_case names, for hand-written files; leaves unset fields out. */
    public static final ObjectMapper HAND_WRITTEN =
            handWritten(JsonMapper.builder()).build();

    private static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();

    private Json() {}

    /** Indented output of {@link #MAPPER}, for files people read (reports, manifests, receipts). */
    public static ObjectWriter pretty() {
        return PRETTY;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String writePretty(Object value) {
        try {
            return PRETTY.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses JSON text; malformed input is an {@link IllegalArgumentException} naming the problem. */
    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Writes a map's entries in the map's own order, for a map whose order means something. */
    public static final class InsertionOrder extends StdSerializer<Map<?, ?>> {

        public InsertionOrder() {
            super(Map.class, false);
        }

        @Override
        public void serialize(Map<?, ?> map, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject(map);
            for (Map.Entry<?, ?> e : map.entrySet()) {
                gen.writeFieldName(String.valueOf(e.getKey()));
                provider.defaultSerializeValue(e.getValue(), gen);
            }
            gen.writeEndObject();
        }
    }

    /** The features every svc mapper shares, JSON or YAML. */
    static <M extends ObjectMapper, B extends MapperBuilder<M, B>> B common(B builder) {
        return builder.addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }

    /** {@link #common} plus the strict reading rules of {@link #STRICT}. */
    static <M extends ObjectMapper, B extends MapperBuilder<M, B>> B strict(B builder) {
        return common(builder)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /**
     * No scalar coercion: a string is not read as a number or a boolean (Jackson's
     * {@code ALLOW_COERCION_OF_SCALARS}), and a number or a boolean is not read as a string nor a
     * fraction as a whole number (coercion configs, which that feature leaves on). A whole number
     * still reads as a fraction: {@code 2} is a fine {@code 2.0}.
     */
    static <M extends ObjectMapper, B extends MapperBuilder<M, B>> B exactTypes(B builder) {
        return builder.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .withCoercionConfig(
                        LogicalType.Textual,
                        c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Integer, c -> c.setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
    }

    /** {@link #strict} plus snake_case names and unset fields left out, as in {@link #HAND_WRITTEN}. */
    static <M extends ObjectMapper, B extends MapperBuilder<M, B>> B handWritten(B builder) {
        return strict(builder)
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .defaultPropertyInclusion(
                        JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.ALWAYS));
    }
}
