package svc.http.openapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of an OpenAPI 3.0 document svc writes, as records (absent parts are left out).
 * Maps come out sorted by key, as the shared mapper writes every map.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OpenApi(
        String openapi,
        Info info,
        List<Server> servers,
        Map<String, Map<String, Operation>> paths,
        Components components) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Info(String title, String version, String description, License license) {}

    public record License(String name) {}

    public record Server(String url, String description) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Operation(
            String operationId,
            String summary,
            String description,
            List<String> tags,
            List<Parameter> parameters,
            RequestBody requestBody,
            Map<String, Response> responses,
            List<Map<String, List<String>>> security) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Parameter(String name, String in, boolean required, String description, Schema schema) {}

    public record RequestBody(boolean required, Map<String, MediaType> content) {}

    public record MediaType(Schema schema) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Response(String description, Map<String, Header> headers, Map<String, MediaType> content) {}

    public record Header(String description, Schema schema) {}

    public record Components(Map<String, Schema> schemas, Map<String, SecurityScheme> securitySchemes) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SecurityScheme(String type, String scheme, String bearerFormat, String in, String name) {}

    /** A schema object: a reference, or a type with its facets. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Schema(
            @JsonProperty("$ref") String ref,
            String type,
            String format,
            String description,
            Boolean nullable,
            @JsonProperty("enum") List<String> values,
            Schema items,
            List<String> required,
            Map<String, Schema> properties,
            @JsonProperty("additionalProperties") Schema additionalProperties) {

        public Schema(
                String ref,
                String type,
                String format,
                String description,
                Boolean nullable,
                List<String> values,
                Schema items,
                List<String> required,
                Map<String, Schema> properties) {
            this(ref, type, format, description, nullable, values, items, required, properties, null);
        }

        /** An object whose keys are free and whose every value has schema {@code values}. */
        public static Schema mapOf(Schema values) {
            return new Schema(null, "object", null, null, null, null, null, null, null, values);
        }

        /** Any JSON value (no type facet). */
        public static Schema any(String description) {
            return new Schema(null, null, null, description, null, null, null, null, null, null);
        }

        public static Schema ref(String component) {
            return new Schema("#/components/schemas/" + component, null, null, null, null, null, null, null, null);
        }

        public static Schema of(String type) {
            return new Schema(null, type, null, null, null, null, null, null, null);
        }

        public static Schema string(String description) {
            return of("string").describedAs(description);
        }

        public static Schema dateTime() {
            return new Schema(null, "string", "date-time", null, null, null, null, null, null);
        }

        public static Schema enumOf(String... values) {
            return new Schema(null, "string", null, null, null, List.of(values), null, null, null);
        }

        public static Schema array(Schema items) {
            return new Schema(null, "array", null, null, null, null, items, null, null);
        }

        /** An object whose {@code required} properties come first among {@code props} (name, schema, ...). */
        public static Schema object(List<String> required, Object... props) {
            Map<String, Schema> properties = new LinkedHashMap<>();
            for (int i = 0; i < props.length; i += 2) {
                properties.put((String) props[i], (Schema) props[i + 1]);
            }
            return new Schema(null, "object", null, null, null, null, null, required, properties);
        }

        public Schema describedAs(String text) {
            return new Schema(
                    ref, type, format, text, nullable, values, items, required, properties, additionalProperties);
        }

        public Schema orNull() {
            return new Schema(
                    ref, type, format, description, true, values, items, required, properties, additionalProperties);
        }
    }
}
