package svc.http.cron;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static svc.http.server.Paging.paging;

import java.util.List;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.features.FeatureRegistry;
import svc.core.cron.CronService;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/**
 * Cron jobs: create (201), list, read, delete, run now, history. Creating and running need the
 * {@code cron_scheduler} flag, which also gates the scheduler's ticks.
 */
public final class CronEndpoints {

    public static final String FLAG = "cron_scheduler";

    private final CronService cron;
    private final FeatureRegistry features;

    public CronEndpoints(CronService cron, FeatureRegistry features) {
        this.cron = cron;
        this.features = features;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/cron",
                        Role.VIEWER,
                        "cron.list",
                        Doc.of("cron", "List cron jobs", "CronJobList").errors(401, 429),
                        this::list),
                new Endpoint(
                        "POST",
                        "/api/v1/cron",
                        Role.OPERATOR,
                        "cron.create",
                        Doc.of("cron", "Create a cron job (five-field schedule, optional IANA timezone)", "CronJob")
                                .body("NewCronJob")
                                .status(201)
                                .errors(400, 401, 403, 409, 429),
                        this::create),
                new Endpoint(
                        "GET",
                        "/api/v1/cron/{name}",
                        Role.VIEWER,
                        "cron.get",
                        Doc.of("cron", "A cron job", "CronJob").errors(401, 404, 429),
                        this::get),
                new Endpoint(
                        "DELETE",
                        "/api/v1/cron/{name}",
                        Role.OPERATOR,
                        "cron.delete",
                        Doc.of("cron", "Delete a cron job (its history stays)", "CronJob")
                                .errors(401, 403, 404, 429),
                        this::delete),
                new Endpoint(
                        "POST",
                        "/api/v1/cron/{name}/run",
                        Role.OPERATOR,
                        "cron.run",
                        Doc.of("cron", "Run a cron job now; answers when it has ended", "CronRun")
                                .errors(401, 403, 404, 409, 429),
                        this::run),
                new Endpoint(
                        "GET",
                        "/api/v1/cron/{name}/runs",
                        Role.VIEWER,
                        "cron.runs",
                        Doc.of("cron", "A cron job's history, newest first (status, duration, output)", "CronRunList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 404, 429),
                        this::runs));
    }

    private Route list(Call call) {
        return onSuccess(cron.list(), jobs -> {
            List<CronJobRecord> items = jobs.stream().map(CronJobRecord::of).toList();
            return complete(StatusCodes.OK, new Page<>(items, items.size(), items.size(), 0), JsonSupport.json());
        });
    }

    private Route create(Call call) {
        requireFlag();
        return entity(
                JsonSupport.body(NewCronJob.class),
                body -> onSuccess(
                        cron.create(
                                body.name(),
                                body.schedule(),
                                body.timezone(),
                                body.kind(),
                                body.params(),
                                call.caller().subject()),
                        job -> complete(StatusCodes.CREATED, CronJobRecord.of(job), JsonSupport.json())));
    }

    private Route get(Call call) {
        return onSuccess(
                cron.get(call.param("name")),
                job -> complete(StatusCodes.OK, CronJobRecord.of(job), JsonSupport.json()));
    }

    private Route delete(Call call) {
        return onSuccess(
                cron.delete(call.param("name")),
                job -> complete(StatusCodes.OK, CronJobRecord.of(job), JsonSupport.json()));
    }

    private Route run(Call call) {
        requireFlag();
        return onSuccess(
                cron.runNow(call.param("name")),
                r -> complete(StatusCodes.OK, CronRunRecord.of(r), JsonSupport.json()));
    }

    private Route runs(Call call) {
        return paging(page -> onSuccess(
                cron.runs(call.param("name"), page.limit(), page.offset()),
                found -> complete(
                        StatusCodes.OK,
                        Page.mapped(found.items(), CronRunRecord::of, found.total(), found.limit(), found.offset()),
                        JsonSupport.json())));
    }

    private void requireFlag() {
        if (!features.isEnabled(FLAG)) {
            throw ApiProblem.conflict("the " + FLAG + " feature is off; an admin can turn it on");
        }
    }
}
