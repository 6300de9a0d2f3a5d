package svc.cli.client;

import com.fasterxml.jackson.databind.JsonNode;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.config.Json;

/**
 * An error answer of the API, told the way the server told it: the problem's title and detail on
 * the first line, its correlation id (what an operator greps the server log for) on the second.
 * 401 and 403 exit with {@link ExitCodes#AUTH}, every other error with {@link ExitCodes#SERVER}.
 */
public final class ApiError extends CliException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String title;
    private final String detail;
    private final String correlationId;

    public ApiError(int status, String title, String detail, String correlationId, String hint) {
        super(exitCodeOf(status), message(status, title, detail, correlationId, hint));
        this.status = status;
        this.title = title;
        this.detail = detail;
        this.correlationId = correlationId;
    }

    /**
     * The error of one answer. A problem-details body gives title, detail and correlation id; any
     * other body (a proxy's HTML page) is shown in its first 200 characters.
     *
     * @param hint what to do next, appended to the first line (may be null)
     */
    public static ApiError of(int status, String body, String correlationHeader, String hint) {
        String title = null;
        String detail = null;
        String correlation = correlationHeader;
        try {
            JsonNode problem = Json.parse(body);
            title = text(problem, "title");
            detail = text(problem, "detail");
            if (text(problem, "correlation_id") != null) {
                correlation = text(problem, "correlation_id");
            }
        } catch (IllegalArgumentException notJson) {
            String flat = body.strip().replaceAll("\\s+", " ");
            detail = flat.isEmpty() ? null : flat.substring(0, Math.min(200, flat.length()));
        }
        return new ApiError(status, title == null ? "HTTP " + status : title, detail, correlation, hint);
    }

    static int exitCodeOf(int status) {
        return status == 401 || status == 403 ? ExitCodes.AUTH : ExitCodes.SERVER;
    }

    private static String message(int status, String title, String detail, String correlationId, String hint) {
        StringBuilder line = new StringBuilder(title);
        if (detail != null && !detail.equals(title)) {
            line.append(": ").append(detail);
        }
        if (hint != null) {
            line.append(" (").append(hint).append(')');
        }
        line.append(System.lineSeparator()).append("  HTTP ").append(status);
        if (correlationId != null) {
            line.append(", correlation id ").append(correlationId);
        }
        return line.toString();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String detail() {
        return detail;
    }

    public String correlationId() {
        return correlationId;
    }
}
