package svc.http.server;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.pekko.event.LoggingAdapter;
import org.apache.pekko.http.ParsingErrorHandler;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;
import org.apache.pekko.http.scaladsl.model.ErrorInfo;
import org.apache.pekko.http.scaladsl.model.StatusCode;
import org.apache.pekko.http.scaladsl.settings.ServerSettings;
import svc.http.problem.ApiProblem;
import svc.http.problem.ProblemDetails;

/**
 * Problem details for requests pekko-http refuses before any route sees them (a malformed request
 * line, a URI or headers over the limits): such a request has no route, so the route's handlers
 * cannot answer it. Named by {@code pekko.http.server.parsing.error-handler} in
 * {@code reference.conf}; pekko-http makes it with the no-argument constructor.
 */
public final class ParseErrors extends ParsingErrorHandler {

    @Override
    public HttpResponse handle(StatusCode status, ErrorInfo info, LoggingAdapter log, ServerSettings settings) {
        String detail = info.summary().isBlank() ? status.reason() : info.summary();
        ApiProblem problem = status.intValue() == 400
                ? ApiProblem.badRequest(detail)
                : status.intValue() == 413
                        ? ApiProblem.payloadTooLarge(detail)
                        : new ApiProblem(
                                status.intValue(),
                                "malformed-request",
                                status.reason(),
                                detail,
                                null,
                                List.of(),
                                Map.of());
        String correlationId = UUID.randomUUID().toString();
        log.debug("refused a malformed request ({}): {}", status.intValue(), detail);
        return HttpResponse.create()
                .withStatus(StatusCodes.get(status.intValue()))
                .addHeader(RawHeader.create("X-Correlation-Id", correlationId))
                .withEntity(
                        JsonSupport.PROBLEM_JSON, JsonSupport.bytes(ProblemDetails.of(problem, null, correlationId)));
    }
}
