package svc.http.server;

import java.util.concurrent.CompletionStage;
import org.apache.pekko.http.javadsl.model.HttpResponse;

/** What an endpoint does with one authenticated, permitted call. Failures become problem details. */
@FunctionalInterface
public interface Handler {
    CompletionStage<HttpResponse> handle(Call call);
}
