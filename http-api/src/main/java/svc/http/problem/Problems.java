package svc.http.problem;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.config.features.FeatureChangeRejectedException;
import svc.config.features.UnknownFeatureException;
import svc.core.run.RunErrors;

/**
 * The one place where failures become problem details (RFC 7807). Wrapped failures are unwrapped
 * first, so a {@link RunErrors.NotFound} inside a {@link CompletionException} is still a 404.
 */
public final class Problems {

    /** Problem {@code type} URIs are this base plus the slug. */
    public static final String TYPE_BASE = "https://svc.dev/problems/";

    private static final Logger LOG = LoggerFactory.getLogger(Problems.class);

    private Problems() {}

    public static ApiProblem of(Throwable failure) {
        Throwable cause = unwrap(failure);
        if (cause instanceof ApiProblem p) {
            return p;
        }
        if (cause instanceof RunErrors.NotFound e) {
            return ApiProblem.notFound(e.getMessage());
        }
        if (cause instanceof RunErrors.Invalid e) {
            return ApiProblem.badRequest(e.problems());
        }
        if (cause instanceof RunErrors.Conflict e) {
            return ApiProblem.conflict(e.getMessage());
        }
        if (cause instanceof UnknownFeatureException e) {
            return ApiProblem.notFound(e.getMessage());
        }
        if (cause instanceof FeatureChangeRejectedException e) {
            return ApiProblem.unprocessable(e.getMessage());
        }
        LOG.error("request failed unexpectedly", cause);
        return ApiProblem.internal("the server failed to answer; quote the correlation id when reporting this");
    }

    /** The problem-details body; {@code instance} is the request path. */
    public static ObjectNode body(ApiProblem p, String instance, String correlationId) {
        ObjectNode o = Json.object();
        o.put("type", TYPE_BASE + p.slug());
        o.put("title", p.title());
        o.put("status", p.status());
        o.put("detail", p.detail());
        o.put("instance", instance);
        o.put("correlation_id", correlationId);
        if (p.ruleSource() != null) {
            o.put("rule_source", p.ruleSource());
        }
        if (!p.errors().isEmpty()) {
            p.errors().forEach(o.putArray("errors")::add);
        }
        return o;
    }

    private static Throwable unwrap(Throwable t) {
        Throwable current = t;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
