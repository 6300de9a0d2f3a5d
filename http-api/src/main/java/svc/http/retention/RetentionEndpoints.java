package svc.http.retention;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.retention.RetentionSweep;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;

/**
 * {@code POST /api/v1/retention/run} (admin): the retention sweep now, the same the daily job
 * runs, answered with what it deleted; {@code ?dry_run=true} deletes nothing and answers what
 * would go. A real run logs and counts its deletions like the daily one.
 */
public final class RetentionEndpoints {

    private final RetentionSweep sweep;
    private final Clock clock;

    public RetentionEndpoints(RetentionSweep sweep, Clock clock) {
        this.sweep = sweep;
        this.clock = clock;
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "POST",
                "/api/v1/retention/run",
                Role.ADMIN,
                "retention.run",
                Doc.of(
                                "retention",
                                "Run the retention sweep now; answers what it deleted (with dry_run: what it would)",
                                "RetentionReport")
                        .query(new Query("dry_run", "boolean", "true: delete nothing, answer what would go"))
                        .errors(400, 401, 403, 429),
                this::run));
    }

    private Route run(Call call) {
        return parameterOptional("dry_run", raw -> {
            boolean dryRun = flag(raw);
            return onSuccess(
                    sweep.sweep(clock.instant(), dryRun),
                    report -> complete(StatusCodes.OK, RetentionReport.of(report), JsonSupport.json()));
        });
    }

    private static boolean flag(Optional<String> raw) {
        String value = raw.orElse("false");
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiProblem.badRequest("dry_run: must be true or false, got '" + value + "'");
        };
    }
}
