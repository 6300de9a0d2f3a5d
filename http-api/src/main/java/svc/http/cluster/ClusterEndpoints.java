package svc.http.cluster;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.cluster.ClusterView;
import svc.core.stream.ClusterLiveEvents;
import svc.governance.permission.Role;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;

/** {@code GET /api/v1/cluster} (admin): the members, where the singletons run, shards per node. */
public final class ClusterEndpoints {

    private final ClusterView view;
    private final Optional<ClusterLiveEvents> liveEvents;
    private final Executor callbacks;

    public ClusterEndpoints(ClusterView view, Optional<ClusterLiveEvents> liveEvents, Executor callbacks) {
        this.view = view;
        this.liveEvents = liveEvents;
        this.callbacks = callbacks;
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "GET",
                "/api/v1/cluster",
                Role.ADMIN,
                "cluster.get",
                Doc.of(
                                "system",
                                "The cluster: members (address, status, roles, up since), where the singletons run,"
                                        + " shards and entities per node and entity type",
                                "Cluster")
                        .errors(401, 403, 429),
                this::get));
    }

    private Route get(Call call) {
        // How many nodes this node's live events reach (null on a cluster of one).
        CompletionStage<Integer> reach = liveEvents
                .map(l -> l.knownNodes().exceptionally(e -> null))
                .orElse(CompletableFuture.completedFuture(null));
        return onSuccess(
                view.snapshot().thenCombineAsync(reach, ClusterRecord::of, callbacks),
                record -> complete(StatusCodes.OK, record, JsonSupport.json()));
    }
}
