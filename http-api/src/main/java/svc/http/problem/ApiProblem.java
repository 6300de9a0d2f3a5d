package svc.http.problem;

import java.util.List;
import java.util.Map;

/**
 * A failure the API answers with a problem-details body. Thrown (or failed into a stage) by any
 * handler; {@link Problems#of(Throwable)} turns every other failure into one, in one place.
 *
 * @param slug the last segment of the problem {@code type} URI ({@code validation-error}, ...)
 * @param ruleSource the permission rule source on a denial, otherwise null
 * @param errors every problem found in the input (validation), possibly empty
 * @param headers extra response headers ({@code Retry-After} on 429, {@code Allow} on 405)
 */
public final class ApiProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String slug;
    private final String title;
    private final String ruleSource;
    private final List<String> errors;
    private final transient Map<String, String> headers;

    public ApiProblem(
            int status,
            String slug,
            String title,
            String detail,
            String ruleSource,
            List<String> errors,
            Map<String, String> headers) {
        super(detail);
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.ruleSource = ruleSource;
        this.errors = List.copyOf(errors);
        this.headers = Map.copyOf(headers);
    }

    public static ApiProblem badRequest(String detail) {
        return badRequest(List.of(detail));
    }

    public static ApiProblem badRequest(List<String> problems) {
        return new ApiProblem(
                400, "validation-error", "Invalid request", String.join("; ", problems), null, problems, Map.of());
    }

    public static ApiProblem unauthorized(String detail) {
        return new ApiProblem(
                401,
                "unauthorized",
                "Authentication required",
                detail,
                null,
                List.of(),
                Map.of("WWW-Authenticate", "Bearer"));
    }

    public static ApiProblem denied(String detail, String ruleSource) {
        return new ApiProblem(403, "permission-denied", "Permission denied", detail, ruleSource, List.of(), Map.of());
    }

    public static ApiProblem notFound(String detail) {
        return new ApiProblem(404, "not-found", "Not found", detail, null, List.of(), Map.of());
    }

    public static ApiProblem methodNotAllowed(String detail, String allow) {
        return new ApiProblem(
                405, "method-not-allowed", "Method not allowed", detail, null, List.of(), Map.of("Allow", allow));
    }

    public static ApiProblem conflict(String detail) {
        return new ApiProblem(409, "conflict", "Conflict with the current state", detail, null, List.of(), Map.of());
    }

    public static ApiProblem unprocessable(String detail) {
        return new ApiProblem(422, "unprocessable", "Request cannot be applied", detail, null, List.of(), Map.of());
    }

    public static ApiProblem payloadTooLarge(String detail) {
        return new ApiProblem(413, "payload-too-large", "Request body too large", detail, null, List.of(), Map.of());
    }

    public static ApiProblem unsupportedMediaType(String detail) {
        return new ApiProblem(
                415, "unsupported-media-type", "Unsupported media type", detail, null, List.of(), Map.of());
    }

    public static ApiProblem tooManyRequests(String detail, long retryAfterSeconds) {
        return new ApiProblem(
                429,
                "rate-limited",
                "Too many requests",
                detail,
                null,
                List.of(),
                Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }

    /** 507: the disk under the artefact store is full; the request may succeed once space is freed. */
    public static ApiProblem insufficientStorage(String detail) {
        return new ApiProblem(507, "insufficient-storage", "Insufficient storage", detail, null, List.of(), Map.of());
    }

    public static ApiProblem internal(String detail) {
        return new ApiProblem(500, "internal-error", "Internal server error", detail, null, List.of(), Map.of());
    }

    public int status() {
        return status;
    }

    public String slug() {
        return slug;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return getMessage();
    }

    public String ruleSource() {
        return ruleSource;
    }

    public List<String> errors() {
        return errors;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
