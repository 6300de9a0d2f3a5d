package svc.http.cluster;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;

import java.util.List;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.cluster.ClusterView;
import svc.governance.permission.Role;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;

/** {@code GET /api/v1/cluster} (admin): the members, where the singletons run, shards per node. */
public final class ClusterEndpoints {

    private final ClusterView view;

    public ClusterEndpoints(ClusterView view) {
        this.view = view;
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
        return onSuccess(view.snapshot(), s -> complete(StatusCodes.OK, ClusterRecord.of(s), JsonSupport.json()));
    }
}
