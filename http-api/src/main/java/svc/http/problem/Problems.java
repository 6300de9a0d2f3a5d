package svc.http.problem;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.pekko.http.javadsl.model.HttpMethod;
import org.apache.pekko.http.javadsl.server.ExpectedWebSocketRequestRejection;
import org.apache.pekko.http.javadsl.server.MalformedQueryParamRejection;
import org.apache.pekko.http.javadsl.server.MalformedRequestContentRejection;
import org.apache.pekko.http.javadsl.server.MethodRejection;
import org.apache.pekko.http.javadsl.server.MissingQueryParamRejection;
import org.apache.pekko.http.javadsl.server.Rejection;
import org.apache.pekko.http.javadsl.server.RequestEntityExpectedRejection;
import org.apache.pekko.http.javadsl.server.UnsupportedRequestContentTypeRejection;
import org.apache.pekko.http.javadsl.server.ValidationRejection;
import org.apache.pekko.http.scaladsl.model.EntityStreamSizeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.features.FeatureChangeRejectedException;
import svc.config.features.UnknownFeatureException;
import svc.config.io.DiskFull;
import svc.core.datasets.DatasetTooLarge;
import svc.core.deploy.DeploymentErrors;
import svc.core.plugins.PluginException;
import svc.core.run.RunErrors;
import svc.governance.crypto.DecryptionException;

/**
 * The one place where failures and rejections become problem details (RFC 7807). Wrapped
 * failures are unwrapped first, so a {@link RunErrors.NotFound} inside a
 * {@link CompletionException} is still a 404. The server's exception and rejection handlers
 * only call these two functions and write the result.
 */
public final class Problems {

    /** Problem {@code type} URIs are this base plus the slug. */
    public static final String TYPE_BASE = "https://svc.dev/problems/";

    private static final Logger LOG = LoggerFactory.getLogger(Problems.class);

    private Problems() {}

    /** The problem a failed request answers with; anything unforeseen is a logged 500. */
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
        if (cause instanceof DeploymentErrors.Denied e) {
            return ApiProblem.denied(e.getMessage(), e.ruleSource());
        }
        if (cause instanceof DeploymentErrors.Unprocessable e) {
            return ApiProblem.unprocessable(e.getMessage());
        }
        if (cause instanceof PluginException e) {
            return switch (e.kind()) {
                case INVALID -> ApiProblem.badRequest(e.problems());
                case CONFLICT -> ApiProblem.conflict(e.getMessage());
                case NOT_FOUND, DISABLED -> ApiProblem.notFound(e.getMessage());
            };
        }
        if (cause instanceof UnknownFeatureException e) {
            return ApiProblem.notFound(e.getMessage());
        }
        if (cause instanceof FeatureChangeRejectedException e) {
            return ApiProblem.unprocessable(e.getMessage());
        }
        if (cause instanceof EntityStreamSizeException e) {
            return tooLarge(e);
        }
        if (cause instanceof DatasetTooLarge e) {
            return ApiProblem.payloadTooLarge(e.getMessage());
        }
        if (DiskFull.in(cause)) {
            LOG.error("request failed: the disk is full: {}", cause.getMessage());
            return ApiProblem.insufficientStorage(
                    "the disk under the server's files (the artefact store) is full; retry once space is freed");
        }
        if (cause instanceof DecryptionException e) {
            // At-rest encryption: stored data that this node's key cannot open is a configuration fault, said plainly.
            LOG.error("stored data cannot be opened: {}", e.getMessage());
            return ApiProblem.internal(
                    "stored data cannot be opened with this server's at-rest key: " + e.getMessage());
        }
        LOG.error("request failed unexpectedly", cause);
        return ApiProblem.internal("the server failed to answer; quote the correlation id when reporting this");
    }

    /**
     * The problem of a request no route accepted: its body or query was malformed, it is not the
     * WebSocket upgrade the route expects, its method is not served on that path (405 naming the
     * allowed ones), or nothing is served there at all (404).
     */
    public static ApiProblem of(List<Rejection> rejections, String method, String path) {
        List<String> allowed = new ArrayList<>();
        for (Rejection r : rejections) {
            if (r instanceof MalformedRequestContentRejection m) {
                return body(m);
            }
            if (r instanceof RequestEntityExpectedRejection) {
                return ApiProblem.badRequest("the body must be a JSON object");
            }
            if (r instanceof UnsupportedRequestContentTypeRejection u) {
                return ApiProblem.unsupportedMediaType("the body must be one of " + u.getSupported());
            }
            if (r instanceof MissingQueryParamRejection q) {
                return ApiProblem.badRequest(q.parameterName() + ": is required");
            }
            if (r instanceof MalformedQueryParamRejection q) {
                return ApiProblem.badRequest(q.parameterName() + ": " + q.errorMsg());
            }
            if (r instanceof ValidationRejection v) {
                return ApiProblem.badRequest(v.message());
            }
            if (r instanceof ExpectedWebSocketRequestRejection) {
                return ApiProblem.badRequest("this endpoint expects a WebSocket upgrade request");
            }
            if (r instanceof MethodRejection m) {
                HttpMethod supported = m.supported();
                if (!allowed.contains(supported.value())) {
                    allowed.add(supported.value());
                }
            }
        }
        if (!allowed.isEmpty()) {
            String list = String.join(", ", allowed);
            return ApiProblem.methodNotAllowed(method + " is not allowed on " + path + "; allowed: " + list, list);
        }
        if (rejections.isEmpty()) {
            return ApiProblem.notFound("no route " + method + " " + path);
        }
        return ApiProblem.badRequest("the request was refused: " + rejections.get(0));
    }

    /** A body that could not be read: our own validation problem, too large, or not JSON at all. */
    private static ApiProblem body(MalformedRequestContentRejection m) {
        Throwable cause = unwrap(m.getCause());
        if (cause instanceof ApiProblem p) {
            return p;
        }
        if (cause instanceof EntityStreamSizeException e) {
            return tooLarge(e);
        }
        return ApiProblem.badRequest("the body could not be read: " + m.message());
    }

    private static ApiProblem tooLarge(EntityStreamSizeException e) {
        return ApiProblem.payloadTooLarge("the body is larger than the " + e.limit() + " bytes a request may carry");
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
