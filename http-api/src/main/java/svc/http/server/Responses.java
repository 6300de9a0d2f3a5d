package svc.http.server;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.model.ContentType;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpCharsets;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import svc.config.Json;

/** JSON responses, written with the one shared mapper. */
public final class Responses {

    public static final ContentType PROBLEM_JSON = MediaTypes.applicationWithFixedCharset(
                    "problem+json", HttpCharsets.UTF_8)
            .toContentType();

    private Responses() {}

    public static HttpResponse json(int status, Object body) {
        return HttpResponse.create()
                .withStatus(StatusCodes.get(status))
                .withEntity(
                        ContentTypes.APPLICATION_JSON,
                        Json.write(body).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    public static CompletionStage<HttpResponse> ok(Object body) {
        return CompletableFuture.completedFuture(json(200, body));
    }
}
