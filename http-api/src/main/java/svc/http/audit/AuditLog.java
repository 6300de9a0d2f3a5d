package svc.http.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.governance.permission.Role;
import svc.persistence.Database;
import svc.persistence.audit.AuditRepository;
import svc.persistence.audit.AuditRow;
import svc.persistence.crypto.ColumnSeal;

/**
 * Records admin actions and reads them back. Which requests are admin actions follows from the
 * endpoint list ({@link #audited}): every change (not a GET) that needs the admin role (users,
 * roles, feature flags, plugins, retention, erasure, whatever is added later) and every change to
 * users and API tokens, whoever makes it. The API route records each one answered with a 2xx,
 * with the request's JSON body as detail once every field whose name speaks of a secret is
 * replaced, off the request path on the blocking executor; a failed write is logged, never the
 * request's failure.
 */
public final class AuditLog {

    private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
    private static final Pattern SECRET_FIELD = Pattern.compile(".*(password|secret|token|key|credential).*");

    /** An audit log that records nothing, for a route built without a database (tests of the routing tree). */
    public static final AuditLog NONE = new AuditLog(null, Runnable::run, Clock.systemUTC());

    private final Database database;
    private final Executor blocking;
    private final Clock clock;
    private final AuditRepository repository;

    public AuditLog(Database database, Executor blocking, Clock clock) {
        this.database = database;
        this.repository = new AuditRepository(database == null ? ColumnSeal.CLEAR : database.columns());
        this.blocking = blocking;
        this.clock = clock;
    }

    /** Whether a request to this endpoint (by its method, minimum role and class) is an admin action. */
    public static boolean audited(String httpMethod, Role minRole, String endpointClass) {
        if (httpMethod.equals("GET") || httpMethod.equals("HEAD")) {
            return false;
        }
        return minRole == Role.ADMIN || endpointClass.startsWith("users.") || endpointClass.startsWith("tokens.");
    }

    /** Appends one action; returns when it is written (callers do not wait for it). */
    public CompletionStage<Void> record(
            String actor, String action, String method, String target, int status, String body, String correlationId) {
        if (database == null) {
            return CompletableFuture.completedFuture(null);
        }
        AuditRow row =
                new AuditRow(0, clock.instant(), actor, action, method, target, status, detail(body), correlationId);
        return CompletableFuture.runAsync(
                        () -> {
                            try (Connection c = database.connection()) {
                                repository.append(c, row);
                            } catch (SQLException e) {
                                throw new IllegalStateException(e);
                            }
                        },
                        blocking)
                .whenCompleteAsync(
                        (done, failure) -> {
                            if (failure != null) {
                                LOG.error(
                                        "could not record the admin action {} {} by {}",
                                        method,
                                        target,
                                        actor,
                                        failure);
                            }
                        },
                        blocking);
    }

    public CompletionStage<AuditRepository.Page> read(AuditRepository.Filter filter, int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try (Connection c = database.connection()) {
                        return repository.read(c, filter, limit, offset);
                    } catch (SQLException e) {
                        throw new IllegalStateException("database error: " + e.getMessage(), e);
                    }
                },
                blocking);
    }

    /** The body as detail: JSON with secret-named fields replaced by {@code "[redacted]"}; other bodies left out. */
    static String detail(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            JsonNode node = Json.parse(body);
            redact(node);
            return Json.write(node);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void redact(JsonNode node) {
        if (node instanceof ObjectNode object) {
            Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                if (SECRET_FIELD.matcher(f.getKey().toLowerCase(Locale.ROOT)).matches()) {
                    f.setValue(Json.MAPPER.getNodeFactory().textNode("[redacted]"));
                } else {
                    redact(f.getValue());
                }
            }
        } else if (node != null && node.isArray()) {
            node.forEach(AuditLog::redact);
        }
    }
}
