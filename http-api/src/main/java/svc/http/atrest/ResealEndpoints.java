package svc.http.atrest;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.crypto.Reseal;
import svc.core.platform.Platform;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.persistence.crypto.AtRest;
import svc.persistence.store.ArtifactStore;
import svc.persistence.store.SealedArtifactStore;

/**
 * {@code POST /api/v1/admin/at-rest/reseal} (admin): re-seals under the current key everything
 * still sealed under a previous one ({@link Reseal}); {@code ?dry_run=true} changes nothing and
 * counts. With encryption off there is nothing to re-seal: 409.
 */
public final class ResealEndpoints {

    /** Empty when at-rest encryption is off. */
    private final Optional<Reseal> reseal;

    private final Executor blocking;

    public ResealEndpoints(Optional<Reseal> reseal, Executor blocking) {
        this.reseal = reseal;
        this.blocking = blocking;
    }

    /**
     * Wired from the platform: its database, the store underneath the sealing one, and
     * {@code $SVC_HOME/batches}; re-sealed run files wait in {@code $SVC_HOME/work/spool} (sealed
     * bytes only, like the store's own spool).
     */
    public static ResealEndpoints of(Platform platform, Config config, Executor blocking) {
        ArtifactStore store = platform.files().store();
        ArtifactStore stored = store instanceof SealedArtifactStore sealed ? sealed.stored() : store;
        Path home = platform.settings().home();
        Optional<Reseal> reseal = AtRest.fromConfig(config)
                .cipher()
                .map(cipher -> new Reseal(
                        platform.database(),
                        cipher,
                        stored,
                        home.resolve("batches"),
                        home.resolve("work").resolve("spool")));
        return new ResealEndpoints(reseal, blocking);
    }

    public List<Endpoint> endpoints() {
        return List.of(new Endpoint(
                "POST",
                "/api/v1/admin/at-rest/reseal",
                Role.ADMIN,
                "admin.at_rest.reseal",
                Doc.of(
                                "admin",
                                "Re-seal under the current key all data sealed under a previous key (SVC_KEK_PREVIOUS):"
                                        + " columns, journal events and snapshots, run files, batch files; with"
                                        + " dry_run: count only",
                                "ResealReport")
                        .query(new Query("dry_run", "boolean", "true: change nothing, answer the counts"))
                        .errors(400, 401, 403, 409, 429),
                this::run));
    }

    private Route run(Call call) {
        return parameterOptional("dry_run", raw -> {
            boolean dryRun = flag(raw);
            Reseal engine = reseal.orElseThrow(() -> ApiProblem.conflict(
                    "at-rest encryption is off (SVC_AT_REST_ENCRYPTION): nothing is sealed, nothing to re-seal"));
            return onSuccess(
                    CompletableFuture.supplyAsync(() -> run(engine, dryRun), blocking),
                    report -> complete(StatusCodes.OK, ResealReport.of(report), JsonSupport.json()));
        });
    }

    private static Reseal.Report run(Reseal engine, boolean dryRun) {
        try {
            return engine.run(dryRun);
        } catch (SQLException | IOException e) {
            throw new CompletionException(new IllegalStateException("reseal stopped: " + e.getMessage(), e));
        }
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
