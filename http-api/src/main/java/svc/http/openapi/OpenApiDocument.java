package svc.http.openapi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import svc.http.openapi.OpenApi.Components;
import svc.http.openapi.OpenApi.Header;
import svc.http.openapi.OpenApi.Info;
import svc.http.openapi.OpenApi.License;
import svc.http.openapi.OpenApi.MediaType;
import svc.http.openapi.OpenApi.Operation;
import svc.http.openapi.OpenApi.Parameter;
import svc.http.openapi.OpenApi.RequestBody;
import svc.http.openapi.OpenApi.Response;
import svc.http.openapi.OpenApi.Schema;
import svc.http.openapi.OpenApi.SecurityScheme;
import svc.http.openapi.OpenApi.Server;
import svc.http.server.Endpoint;

/**
 * Builds {@code /openapi.json} (OpenAPI 3.0.3) from the same endpoint list the routes are built
 * from, so a route cannot exist without being described. Schemas live in {@link Schemas}.
 *
 * <p>Besides the statuses each endpoint lists, every operation has a {@code default} answer
 * (any other failure, a 500 among them, is problem details too), and the public service routes
 * list the 400 pekko-http answers (as problem details) to a request it cannot parse.
 */
public final class OpenApiDocument {

    private static final Pattern PARAM = Pattern.compile("\\{([a-z_]+)(\\.\\.\\.)?}");
    private static final String JSON = "application/json";
    private static final String PROBLEM_JSON = "application/problem+json";

    private OpenApiDocument() {}

    public static OpenApi build(List<Endpoint> endpoints, String version) {
        Map<String, Map<String, Operation>> paths = new TreeMap<>();
        for (Endpoint e : endpoints) {
            paths.computeIfAbsent(openApiPath(e.template()), p -> new TreeMap<>())
                    .put(e.httpMethod().toLowerCase(Locale.ROOT), operation(e));
        }
        Map<String, SecurityScheme> security = new LinkedHashMap<>();
        security.put("bearer", new SecurityScheme("http", "bearer", "JWT", null, null));
        security.put("apiKey", new SecurityScheme("apiKey", null, null, "header", "X-API-Key"));
        security.put("queryToken", new SecurityScheme("apiKey", null, null, "query", "token"));
        return new OpenApi(
                "3.0.3",
                new Info(
                        "svc API",
                        version,
                        "Multi-agent ML platform. Errors are application/problem+json (RFC 7807) with correlation_id;"
                                + " list endpoints answer {items,total,limit,offset}. WebSocket routes are described as"
                                + " GET with a 101 answer.",
                        new License(LICENSE)),
                List.of(new Server("/", "the server that serves this document")),
                paths,
                new Components(Schemas.all(), security));
    }

    /**
     * The product is licensed to each customer under that customer's own agreement: there is no
     * public licence to link to nor an SPDX identifier that fits (and OpenAPI 3.0 has no
     * {@code identifier}), so the licence object carries its name only.
     */
    static final String LICENSE = "Proprietary: no public licence; terms come with each deployment";

    /** {@code /a/{name...}} becomes {@code /a/{name}}: OpenAPI has no multi-segment parameter. */
    public static String openApiPath(String template) {
        return template.replace("...}", "}");
    }

    private static Operation operation(Endpoint e) {
        Endpoint.Doc d = e.doc();
        List<Parameter> params = new ArrayList<>();
        Matcher m = PARAM.matcher(e.template());
        while (m.find()) {
            params.add(new Parameter(
                    m.group(1),
                    "path",
                    true,
                    m.group(2) != null ? "may contain '/' (sent as is or URL-encoded)" : null,
                    Schema.of("string")));
        }
        for (Endpoint.Query q : d.query()) {
            params.add(new Parameter(q.name(), "query", false, q.description(), Schema.of(q.type())));
        }
        RequestBody body = d.isUpload()
                ? upload(d)
                : d.requestSchema() == null
                        ? null
                        : new RequestBody(true, Map.of(JSON, new MediaType(Schema.ref(d.requestSchema()))));
        return new Operation(
                e.endpointClass().replace('.', '_'),
                d.summary(),
                e.isPublic() ? null : "Requires role " + e.minRole().wireName() + " or higher.",
                List.of(d.tag()),
                params.isEmpty() ? null : params,
                body,
                responses(e),
                security(e));
    }

    /** A file upload: the raw file in each of its media types, or a multipart form when it has one. */
    private static RequestBody upload(Endpoint.Doc d) {
        Map<String, MediaType> content = new TreeMap<>();
        Schema file = new Schema(null, "string", "binary", "the file's bytes", null, null, null, null, null);
        for (String media : d.uploadMedia()) {
            content.put(media, new MediaType(file));
        }
        if (d.requestSchema() != null) {
            content.put("multipart/form-data", new MediaType(Schema.ref(d.requestSchema())));
        }
        return new RequestBody(true, content);
    }

    private static Map<String, Response> responses(Endpoint e) {
        Endpoint.Doc d = e.doc();
        Map<String, Response> responses = new TreeMap<>();
        Map<String, MediaType> content = null;
        if (d.responseSchema() != null) {
            content = Map.of(JSON, new MediaType(Schema.ref(d.responseSchema())));
        } else if (d.responseMediaType() != null) {
            content = Map.of(d.responseMediaType(), new MediaType(Schema.of("string")));
        }
        responses.put(Integer.toString(d.successStatus()), new Response(successDescription(e), null, content));
        if (d.isUpload() && d.requestSchema() != null && d.successStatus() == 201) {
            // Uploads are content-addressed: the same bytes again answer the existing resource.
            responses.put(
                    "200", new Response("OK: the same bytes were uploaded before; the existing one", null, content));
        }
        for (int status : d.errors()) {
            Map<String, MediaType> error =
                    status == 503 ? Map.of(JSON, new MediaType(Schema.ref("Readiness"))) : problem();
            Map<String, Header> headers =
                    status == 429 ? Map.of("Retry-After", new Header("seconds to wait", Schema.of("integer"))) : null;
            responses.put(Integer.toString(status), new Response(errorDescription(status), headers, error));
        }
        responses.put("default", new Response("any other failure (500 internal-error among them)", null, problem()));
        return responses;
    }

    private static Map<String, MediaType> problem() {
        return Map.of(PROBLEM_JSON, new MediaType(Schema.ref("Problem")));
    }

    private static List<Map<String, List<String>>> security(Endpoint e) {
        if (e.isPublic()) {
            return List.of();
        }
        if (e.isWebSocket()) {
            return List.of(Map.of("queryToken", List.of()), Map.of("bearer", List.of()));
        }
        return List.of(Map.of("bearer", List.of()), Map.of("apiKey", List.of()));
    }

    private static String successDescription(Endpoint e) {
        if (e.isWebSocket()) {
            return "Switching Protocols: each text frame is one StreamMessage";
        }
        return switch (e.doc().successStatus()) {
            case 201 -> "Created";
            case 202 -> "Accepted";
            default -> "OK";
        };
    }

    private static String errorDescription(int status) {
        return switch (status) {
            case 400 -> "validation-error: the request is malformed";
            case 401 -> "unauthorized: missing or bad credentials";
            case 403 -> "permission-denied: role too low (rule_source names the rule source)";
            case 404 -> "not-found: absent or not visible to the caller";
            case 409 -> "conflict: the resource's state refuses the request";
            case 422 -> "unprocessable: well-formed but breaks a rule";
            case 429 -> "rate-limited: retry after Retry-After seconds";
            case 503 -> "a readiness check failed";
            default -> "error";
        };
    }
}
