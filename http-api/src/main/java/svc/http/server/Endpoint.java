package svc.http.server;

import java.util.List;

/**
 * One route of the API: method, path template, who may call it and the handler. The list of
 * endpoints is the single source the router, the permission rules, the rate limiter, the metrics
 * labels and {@code /openapi.json} all read, so they cannot disagree.
 *
 * @param method HTTP method ({@code GET}, {@code POST}, {@code DELETE}); {@code WS} for a
 *     WebSocket upgrade (a GET)
 * @param template path with {@code {param}} segments; a last {@code {name...}} takes the rest
 * @param minRole the lowest role allowed, or null for an unauthenticated route
 * @param endpointClass the name the permission engine and the denial log see, e.g.
 *     {@code pipelines.create}
 * @param doc what {@code /openapi.json} says about it
 */
public record Endpoint(
        String method,
        String template,
        svc.governance.permission.Role minRole,
        String endpointClass,
        Doc doc,
        Handler handler) {

    /** The OpenAPI facts of one endpoint. Schema names refer to the document's components. */
    public record Doc(
            String summary,
            String tag,
            String requestSchema,
            int successStatus,
            String responseSchema,
            String responseMediaType,
            List<Query> query,
            List<Integer> errors) {}

    /** A query parameter. */
    public record Query(String name, String type, String description) {}

    public boolean isPublic() {
        return minRole == null;
    }

    public boolean isWebSocket() {
        return method.equals("WS");
    }

    /** The HTTP method on the wire (a WebSocket upgrade is a GET). */
    public String httpMethod() {
        return isWebSocket() ? "GET" : method;
    }
}
