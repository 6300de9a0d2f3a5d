package svc.http.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.stream.Materializer;
import svc.config.Json;
import svc.http.auth.Caller;
import svc.http.problem.ApiProblem;

/**
 * One request as a handler sees it: the raw request, the path parameters of its template, the
 * caller (null on unauthenticated routes) and the correlation id.
 */
public record Call(
        HttpRequest request,
        Map<String, String> params,
        Caller caller,
        String correlationId,
        String clientIp,
        Materializer materializer,
        java.util.concurrent.Executor executor) {

    private static final long BODY_TIMEOUT_MS = 10_000;

    public String param(String name) {
        return params.get(name);
    }

    public Optional<String> query(String name) {
        return request.getUri().query().get(name);
    }

    /** The body as a JSON object; anything else (empty, not JSON, an array) is a 400. */
    public CompletionStage<JsonNode> jsonBody() {
        return request.entity()
                .toStrict(BODY_TIMEOUT_MS, materializer)
                .thenApplyAsync(
                        strict -> {
                            String text = strict.getData().utf8String();
                            JsonNode node;
                            try {
                                node = text.isBlank() ? null : Json.MAPPER.readTree(text);
                            } catch (Exception e) {
                                throw ApiProblem.badRequest("the body is not valid JSON: "
                                        + e.getMessage().lines().findFirst().orElse(""));
                            }
                            if (node == null || !node.isObject()) {
                                throw ApiProblem.badRequest("the body must be a JSON object");
                            }
                            return node;
                        },
                        executor);
    }
}
