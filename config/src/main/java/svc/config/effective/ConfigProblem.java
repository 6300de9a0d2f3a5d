package svc.config.effective;

/**
 * A resolved value the server cannot run with.
 *
 * @param key    the dotted key, or the file a problem of a whole layer is about
 * @param origin where the value came from; null for a problem that no single value carries
 */
public record ConfigProblem(String key, Origin origin, String message) {

    /** One line, e.g. {@code svc.http.port = 70000 (env:SVC_PORT): not a port (0..65535)}. */
    public String line() {
        return key + (origin == null ? "" : " (" + origin.label() + ")") + ": " + message;
    }
}
