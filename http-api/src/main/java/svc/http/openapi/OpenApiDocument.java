package svc.http.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import svc.config.Json;
import svc.http.server.Endpoint;

/**
 * Builds {@code /openapi.json} (OpenAPI 3.0.3) from the same endpoint list the router serves,
 * so a route cannot exist without being described. Schemas live in {@link Schemas}.
 */
public final class OpenApiDocument {

    private static final Pattern PARAM = Pattern.compile("\\{([a-z_]+)(\\.\\.\\.)?}");

    private OpenApiDocument() {}

    public static ObjectNode build(List<Endpoint> endpoints, String version) {
        ObjectNode doc = Json.object();
        doc.put("openapi", "3.0.3");
        doc.putObject("info")
                .put("title", "svc API")
                .put("version", version)
                .put(
                        "description",
                        "Multi-agent ML platform. Errors are application/problem+json (RFC 7807) with correlation_id; "
                                + "list endpoints answer {items,total,limit,offset}. WebSocket routes are described as GET with a 101 answer.");
        ObjectNode paths = doc.putObject("paths");
        Map<String, ObjectNode> byPath = new TreeMap<>();
        for (Endpoint e : endpoints) {
            String path = openApiPath(e.template());
            ObjectNode item = byPath.computeIfAbsent(path, p -> Json.object());
            item.set(e.httpMethod().toLowerCase(Locale.ROOT), operation(e));
        }
        byPath.forEach(paths::set);
        ObjectNode components = doc.putObject("components");
        components.set("schemas", Schemas.all());
        ObjectNode security = components.putObject("securitySchemes");
        security.putObject("bearer").put("type", "http").put("scheme", "bearer").put("bearerFormat", "JWT");
        security.putObject("apiKey").put("type", "apiKey").put("in", "header").put("name", "X-API-Key");
        security.putObject("queryToken")
                .put("type", "apiKey")
                .put("in", "query")
                .put("name", "token");
        return doc;
    }

    /** {@code /a/{name...}} becomes {@code /a/{name}}: OpenAPI has no multi-segment parameter. */
    public static String openApiPath(String template) {
        return template.replace("...}", "}");
    }

    private static ObjectNode operation(Endpoint e) {
        Endpoint.Doc d = e.doc();
        ObjectNode op = Json.object();
        op.put("operationId", e.endpointClass().replace('.', '_'));
        op.put("summary", d.summary());
        op.putArray("tags").add(d.tag());
        if (!e.isPublic()) {
            op.put("description", "Requires role " + e.minRole().wireName() + " or higher.");
        }
        ArrayNode params = op.putArray("parameters");
        Matcher m = PARAM.matcher(e.template());
        while (m.find()) {
            ObjectNode p =
                    params.addObject().put("name", m.group(1)).put("in", "path").put("required", true);
            if (m.group(2) != null) {
                p.put("description", "may contain '/' (sent as is or URL-encoded)");
            }
            p.putObject("schema").put("type", "string");
        }
        for (Endpoint.Query q : d.query()) {
            ObjectNode p = params.addObject()
                    .put("name", q.name())
                    .put("in", "query")
                    .put("required", false)
                    .put("description", q.description());
            p.putObject("schema").put("type", q.type());
        }
        if (params.isEmpty()) {
            op.remove("parameters");
        }
        if (d.requestSchema() != null) {
            ObjectNode body = op.putObject("requestBody").put("required", true);
            body.putObject("content")
                    .putObject("application/json")
                    .putObject("schema")
                    .put("$ref", "#/components/schemas/" + d.requestSchema());
        }
        ObjectNode responses = op.putObject("responses");
        ObjectNode ok =
                responses.putObject(Integer.toString(d.successStatus())).put("description", successDescription(e));
        if (d.responseSchema() != null) {
            ok.putObject("content")
                    .putObject("application/json")
                    .putObject("schema")
                    .put("$ref", "#/components/schemas/" + d.responseSchema());
        } else if (d.responseMediaType() != null) {
            ok.putObject("content")
                    .putObject(d.responseMediaType())
                    .putObject("schema")
                    .put("type", "string");
        }
        for (int status : d.errors()) {
            ObjectNode err = responses.putObject(Integer.toString(status)).put("description", errorDescription(status));
            if (status == 503) {
                err.putObject("content")
                        .putObject("application/json")
                        .putObject("schema")
                        .put("$ref", "#/components/schemas/Readiness");
            } else {
                err.putObject("content")
                        .putObject("application/problem+json")
                        .putObject("schema")
                        .put("$ref", "#/components/schemas/Problem");
            }
            if (status == 429) {
                err.putObject("headers")
                        .putObject("Retry-After")
                        .put("description", "seconds to wait")
                        .putObject("schema")
                        .put("type", "integer");
            }
        }
        if (e.isPublic()) {
            op.putArray("security");
        } else if (e.isWebSocket()) {
            ArrayNode sec = op.putArray("security");
            sec.addObject().putArray("queryToken");
            sec.addObject().putArray("bearer");
        } else {
            ArrayNode sec = op.putArray("security");
            sec.addObject().putArray("bearer");
            sec.addObject().putArray("apiKey");
        }
        return op;
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
