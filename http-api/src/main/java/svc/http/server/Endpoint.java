package svc.http.server;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.http.javadsl.server.Route;
import svc.governance.permission.Role;

/**
 * One route of the API: method, path template, who may call it and its route. The list of
 * endpoints is the single source the routing tree, the permission rules, the rate limiter, the
 * metrics labels and {@code /openapi.json} all read, so they cannot disagree.
 *
 * @param method HTTP method ({@code GET}, {@code POST}, {@code DELETE}); {@code WS} for a
 *     WebSocket upgrade (a GET)
 * @param template path with {@code {param}} segments; a last {@code {name...}} takes the rest
 * @param minRole the lowest role allowed, or null for an unauthenticated route
 * @param endpointClass the name the permission engine and the denial log see, e.g.
 *     {@code pipelines.create}
 * @param doc what {@code /openapi.json} says about it
 * @param handler the route that answers once the caller is known, permitted and within limits
 */
public record Endpoint(String method, String template, Role minRole, String endpointClass, Doc doc, Handler handler) {

    /** What an endpoint does with one authenticated, permitted call; failures become problem details. */
    @FunctionalInterface
    public interface Handler {
        Route route(Call call);
    }

    /**
     * The OpenAPI facts of one endpoint. Schema names refer to the document's components.
     * Made with {@link #of} and the withers, which say what differs from a plain JSON
     * {@code 200}.
     */
    public record Doc(
            String summary,
            String tag,
            String requestSchema,
            int successStatus,
            String responseSchema,
            String responseMediaType,
            List<Query> query,
            List<Integer> errors,
            List<String> uploadMedia) {

        /** A JSON 200 answer of {@code responseSchema}, no body, no query, no documented errors. */
        public static Doc of(String tag, String summary, String responseSchema) {
            return new Doc(summary, tag, null, 200, responseSchema, null, List.of(), List.of(), List.of());
        }

        /** The JSON request body's schema. */
        public Doc body(String schema) {
            return new Doc(
                    summary, tag, schema, successStatus, responseSchema, responseMediaType, query, errors, uploadMedia);
        }

        /**
         * A file upload instead of a JSON body: the raw body in one of {@code media} types, or
         * {@code multipart/form-data} whose fields {@code formSchema} describes. The endpoint streams
         * the body and enforces its own size limit ({@code svc.http.max-body} does not apply).
         */
        public Doc upload(String formSchema, String... media) {
            return new Doc(
                    summary,
                    tag,
                    formSchema,
                    successStatus,
                    responseSchema,
                    responseMediaType,
                    query,
                    errors,
                    List.of(media));
        }

        /** Another success status than 200. */
        public Doc status(int status) {
            return new Doc(
                    summary, tag, requestSchema, status, responseSchema, responseMediaType, query, errors, uploadMedia);
        }

        /** A success answer that is not JSON (a file, the metrics text, a page). */
        public Doc media(String mediaType) {
            return new Doc(summary, tag, requestSchema, successStatus, null, mediaType, query, errors, uploadMedia);
        }

        public Doc query(Query... parameters) {
            List<Query> all = new ArrayList<>(query);
            all.addAll(List.of(parameters));
            return new Doc(
                    summary,
                    tag,
                    requestSchema,
                    successStatus,
                    responseSchema,
                    responseMediaType,
                    all,
                    errors,
                    uploadMedia);
        }

        /** The error statuses the endpoint answers with (problem details), in the document's order. */
        public Doc errors(Integer... statuses) {
            return new Doc(
                    summary,
                    tag,
                    requestSchema,
                    successStatus,
                    responseSchema,
                    responseMediaType,
                    query,
                    List.of(statuses),
                    uploadMedia);
        }

        /** Whether the request body is a streamed file upload (see {@link #upload}). */
        public boolean isUpload() {
            return !uploadMedia.isEmpty();
        }
    }

    /** A query parameter. */
    public record Query(String name, String type, String description) {

        public static final Query LIMIT = new Query("limit", "integer", "page size, 1 to 1000 (default 50)");
        public static final Query OFFSET = new Query("offset", "integer", "records to skip (default 0)");
    }

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
