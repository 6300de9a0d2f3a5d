package svc.http.notifications;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static svc.http.server.Paging.paging;

import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.notify.NotificationService;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;
import svc.persistence.notifications.NotificationRow;

/** {@code GET /api/v1/notifications}: the deliveries owed to notify channels, newest first, with their attempts. */
public final class NotificationEndpoints {

    static final List<String> STATES = List.of(
            NotificationRow.PENDING, NotificationRow.RETRYING, NotificationRow.DELIVERED, NotificationRow.FAILED);

    private final NotificationService notifications;

    public NotificationEndpoints(NotificationService notifications) {
        this.notifications = notifications;
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "GET",
                "/api/v1/notifications",
                Role.OPERATOR,
                "notifications.list",
                Doc.of(
                                "notifications",
                                "Notification deliveries (gate created, escalated, expired; budget pause), newest "
                                        + "first, with every attempt",
                                "DeliveryList")
                        .query(
                                new Query("state", "string", "pending, retrying, delivered or failed"),
                                new Query("run_id", "string", "only this run's deliveries"),
                                new Query("gate_id", "string", "only this gate's deliveries"),
                                Query.LIMIT,
                                Query.OFFSET)
                        .errors(400, 401, 403, 429),
                this::list));
    }

    private Route list(Call call) {
        return paging(page -> parameterOptional(
                "state",
                state -> parameterOptional(
                        "run_id",
                        runId -> parameterOptional("gate_id", gateId -> {
                            String wanted = nonBlank(state);
                            if (wanted != null && !STATES.contains(wanted)) {
                                throw ApiProblem.badRequest(
                                        "state: must be one of " + STATES + ", got '" + wanted + "'");
                            }
                            return onSuccess(
                                    notifications.list(
                                            wanted, nonBlank(runId), nonBlank(gateId), page.limit(), page.offset()),
                                    found -> complete(
                                            StatusCodes.OK,
                                            Page.mapped(
                                                    found.items(),
                                                    DeliveryRecord::of,
                                                    found.total(),
                                                    page.limit(),
                                                    page.offset()),
                                            JsonSupport.json()));
                        }))));
    }

    private static String nonBlank(Optional<String> raw) {
        return raw.map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
    }
}
