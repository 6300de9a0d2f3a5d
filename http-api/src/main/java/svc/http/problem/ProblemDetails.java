package svc.http.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * The body of every error answer ({@code application/problem+json}, RFC 7807), plus svc's
 * {@code correlation_id}, {@code rule_source} on permission denials and {@code errors} (every
 * problem found) on validation errors; the last two are left out when they do not apply.
 *
 * @param instance the request path
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProblemDetails(
        String type,
        String title,
        int status,
        String detail,
        String instance,
        String correlationId,
        String ruleSource,
        List<String> errors) {

    public static ProblemDetails of(ApiProblem p, String instance, String correlationId) {
        return new ProblemDetails(
                Problems.TYPE_BASE + p.slug(),
                p.title(),
                p.status(),
                p.detail(),
                instance,
                correlationId,
                p.ruleSource(),
                p.errors().isEmpty() ? null : p.errors());
    }
}
