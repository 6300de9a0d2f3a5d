package svc.bench.http;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.path;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * The yardstick of {@code bench/api-vs-bare.sh}: a bare pekko-http route that answers
 * {@code GET /api/v1/pipelines} with fixed bytes (the API's own answer, saved beforehand), on the
 * same pekko-http and JVM as {@code svc server}, with no svc code in the path. Whatever the API
 * does beyond this (routing, authentication, permission check, the read-side query, JSON,
 * metrics, the access log) is what the ratio measures.
 *
 * <pre>
 * java -cp "cli/target/lib/*:bench/target/classes" svc.bench.http.BareRoute body.json 8001
 * </pre>
 */
public final class BareRoute {

    private BareRoute() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: BareRoute <body file> <port>");
            System.exit(2);
        }
        byte[] body = Files.readAllBytes(Path.of(args[0]));
        int port = Integer.parseInt(args[1]);
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "bare");
        HttpResponse answer =
                HttpResponse.create().withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, body));
        Route route =
                path(PathMatchers.segment("api").slash("v1").slash("pipelines"), () -> get(() -> complete(answer)));
        ServerBinding binding = Http.get(system)
                .newServerAt("127.0.0.1", port)
                .bind(route)
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        System.out.println("bare route: listening on http://127.0.0.1:"
                + binding.localAddress().getPort() + " (" + body.length + " bytes)");
        system.getWhenTerminated().toCompletableFuture().join();
    }
}
