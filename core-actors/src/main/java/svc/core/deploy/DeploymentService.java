package svc.core.deploy;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import svc.config.Json;
import svc.core.governance.GovernedTools;
import svc.core.run.Gate;
import svc.core.run.RunErrors;
import svc.core.run.RunService.Page;
import svc.core.task.ModelNames;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ml.ModelIds;
import svc.ml.online.CanaryRule;
import svc.ml.online.Outcomes;
import svc.persistence.Database;
import svc.persistence.store.WorkingCopy;

/**
 * What the API and the CLI do with deployments: deploy a saved model under a name, promote,
 * retire, read a name's deployments and history, list the names (from the {@code deployments}
 * table). Failures are {@link RunErrors} (400, 404, 409) or {@link DeploymentErrors.Denied} (403).
 *
 * <p>Deploying and promoting are governed like the pipeline's {@code register_model_deployment}:
 * the permission engine of the model's run (its profile's rules and compliance gates, the operator
 * policy) judges the person's action. Making a model the champion (deploying as champion, promoting)
 * is judged as {@code register_model_deployment} itself, so a compliance gate that blocks that tool
 * (BFSI's fairness and drift gates) blocks it; deploying as challenger or shadow is judged as
 * {@code deploy_challenger} / {@code deploy_shadow}, which only operator policy rules name. An ASK
 * is settled as in a run: granted when the model's run registered its model through the run's
 * governance or holds a person's approved deploy, manual or security gate, refused otherwise (403
 * naming the rule's source).
 */
public final class DeploymentService {

    /** Gate types whose approval by a person settles an ASK on the run's model (as in the run itself). */
    private static final Set<String> APPROVING_GATES = Set.of("deploy", "manual", "security");

    /** A deploy request. {@code role}: champion, challenger or shadow. */
    public record DeployRequest(
            String modelId, String role, Integer trafficPct, String environment, CanaryRule canary, String by) {}

    /** A model name with its champion (or null) and how many challengers and shadows it has. */
    public record NameSummary(String model, Deployment champion, int challengers, int shadows, Instant updatedAt) {}

    private final ActorSystem<?> system;
    private final Database database;
    private final WorkingCopy files;
    private final String defaultProfile;
    private final ToolPermissions permissions;
    private final Executor blocking;
    private final Executor callbacks;
    private final Duration askTimeout;

    DeploymentService(
            ActorSystem<?> system,
            Database database,
            WorkingCopy files,
            String defaultProfile,
            ToolPermissions permissions,
            Executor blocking,
            Duration askTimeout) {
        this.system = system;
        this.database = database;
        this.files = files;
        this.defaultProfile = defaultProfile;
        this.permissions = permissions;
        this.blocking = blocking;
        this.callbacks = system.executionContext();
        this.askTimeout = askTimeout;
    }

    /** The profile a model's run ran under (its deployments' profile). Blocks: reads the run's brief. */
    String profileOfRun(String runId) {
        try (WorkingCopy.Lease lease = files.lease(runId)) {
            files.pull(runId, "run.json");
            return GovernedTools.profileOf(files.runDir(runId), defaultProfile);
        }
    }

    public CompletionStage<Deployment> deploy(String model, DeployRequest r) {
        List<String> problems = new ArrayList<>();
        if (!ModelNames.valid(model)) {
            problems.add("model: a model name is lower-case letters, digits, '_' or '-', at most 64");
        }
        if (r.modelId() == null || r.modelId().isBlank()) {
            problems.add("model_id: required");
        }
        if (r.role() == null
                || !Set.of(DeploySpec.CHAMPION, Deployment.CHALLENGER, Deployment.SHADOW)
                        .contains(r.role())) {
            problems.add("role: must be champion, challenger or shadow");
        }
        if (!problems.isEmpty()) {
            return CompletableFuture.failedFuture(new RunErrors.Invalid(problems));
        }
        return CompletableFuture.supplyAsync(
                        () -> {
                            String runId = ModelIds.runOf(r.modelId())
                                    .filter(run -> ModelIds.directory(files, r.modelId())
                                            .isPresent())
                                    .orElseThrow(() -> new RunErrors.NotFound("no saved model " + r.modelId()));
                            String action = r.role().equals(DeploySpec.CHAMPION)
                                    ? "register_model_deployment"
                                    : "deploy_" + r.role();
                            govern(runId, r.by(), action, r.modelId(), model, r.role(), "deploy");
                            return new DeploySpec(
                                    "dep-"
                                            + UUID.randomUUID()
                                                    .toString()
                                                    .replace("-", "")
                                                    .substring(0, 12),
                                    r.modelId(),
                                    runId,
                                    profileOfRun(runId),
                                    r.role(),
                                    r.trafficPct(),
                                    r.environment(),
                                    r.canary(),
                                    r.by());
                        },
                        blocking)
                .thenComposeAsync(spec -> ask(model, replyTo -> new DeploymentEntity.Deploy(spec, replyTo)), callbacks)
                .thenApplyAsync(f -> f.view().find(f.deploymentId()).orElseThrow(), callbacks);
    }

    /** Makes a challenger (or shadow) the champion, retiring the champion in the same event. */
    public CompletionStage<DeploymentView> promote(String model, String deploymentId, String by) {
        return get(model)
                .thenApplyAsync(
                        view -> {
                            Deployment d = view.find(deploymentId)
                                    .orElseThrow(() ->
                                            new RunErrors.NotFound("no deployment " + deploymentId + " of " + model));
                            govern(
                                    d.runId(),
                                    by,
                                    "register_model_deployment",
                                    d.modelId(),
                                    model,
                                    "champion",
                                    "promote");
                            return d;
                        },
                        blocking)
                .thenComposeAsync(
                        d -> ask(model, replyTo -> new DeploymentEntity.Promote(deploymentId, by, replyTo)), callbacks)
                .thenApplyAsync(DeploymentEntity.Found::view, callbacks);
    }

    public CompletionStage<DeploymentView> retire(String model, String deploymentId, String by) {
        return ask(model, replyTo -> new DeploymentEntity.Retire(deploymentId, by, replyTo))
                .thenApplyAsync(DeploymentEntity.Found::view, callbacks);
    }

    public CompletionStage<DeploymentView> get(String model) {
        return ask(model, DeploymentEntity.Get::new).thenApplyAsync(DeploymentEntity.Found::view, callbacks);
    }

    CompletionStage<DeploymentView> canaryCheck(
            String model, String deploymentId, int round, Outcomes champion, Outcomes challenger) {
        return ask(
                        model,
                        replyTo -> new DeploymentEntity.CanaryCheck(deploymentId, round, champion, challenger, replyTo))
                .thenApplyAsync(DeploymentEntity.Found::view, callbacks);
    }

    /**
     * Judges a person's action on a run's model. Throws {@link DeploymentErrors.Denied} when the
     * engine denies it, or asks and the run holds no approval that settles the ask.
     */
    private void govern(
            String runId, String user, String action, String modelId, String model, String role, String verb) {
        String args = Json.write(Json.object()
                .put("model_id", modelId)
                .put("model_name", model)
                .put("role", role)
                .put("action", verb));
        ToolPermissions.Verdict v;
        // The engine reads the run's brief and its compliance evidence from this node's working copy.
        try (WorkingCopy.Lease lease = files.lease(runId)) {
            files.pull(runId, "run.json");
            files.pull(runId, "work/results/");
            v = permissions.checkAction(runId, user, action, args);
        }
        if (v.allowed() || (v.needsApproval() && runHoldsApproval(runId))) {
            return;
        }
        throw new DeploymentErrors.Denied(
                v.source(),
                v.needsApproval()
                        ? v.reason() + " (a person's approval is needed: approve the registration gate of run " + runId
                                + " first)"
                        : v.reason());
    }

    /**
     * Whether a person's approval covers the run's model: the run registered it through its own
     * governance (its {@code deployment.json}, written only once the run granted the call), or
     * the run holds an approved deploy, manual or security gate. The journal-fed approvals table
     * may trail the run, so the run's own file is looked at first.
     */
    private boolean runHoldsApproval(String runId) {
        try (WorkingCopy.Lease lease = files.lease(runId)) {
            files.pull(runId, "deployment.json");
            if (Files.exists(files.runDir(runId).resolve("deployment.json"))) {
                return true;
            }
        }
        try (Connection c = database.connection();
                PreparedStatement ps =
                        c.prepareStatement("SELECT type FROM approvals WHERE run_id = ? AND state = ?")) {
            ps.setString(1, runId);
            ps.setString(2, Gate.APPROVED);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (APPROVING_GATES.contains(rs.getString(1))) {
                        return true;
                    }
                }
            }
            return false;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Model names in name order with their live deployments, from the read side. */
    public CompletionStage<Page<NameSummary>> list(int limit, int offset) {
        return CompletableFuture.supplyAsync(() -> names(limit, offset), blocking);
    }

    private Page<NameSummary> names(int limit, int offset) {
        try (Connection c = database.connection()) {
            int total;
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(DISTINCT model_name) FROM deployments");
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                total = rs.getInt(1);
            }
            List<String> names = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT DISTINCT model_name FROM deployments ORDER BY model_name LIMIT ? OFFSET ?")) {
                ps.setInt(1, limit);
                ps.setInt(2, offset);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        names.add(rs.getString(1));
                    }
                }
            }
            List<NameSummary> items = new ArrayList<>();
            for (String name : names) {
                items.add(summary(c, name));
            }
            return new Page<>(items, total, limit, offset);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static NameSummary summary(Connection c, String name) throws SQLException {
        Deployment champion = null;
        int challengers = 0;
        int shadows = 0;
        Instant updated = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT deployment_id, model_id, run_id, state, traffic_pct,"
                + " environment, created_at, updated_at FROM deployments WHERE model_name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String state = rs.getString(4);
                    Instant at = rs.getTimestamp(8).toInstant();
                    updated = updated == null || at.isAfter(updated) ? at : updated;
                    switch (state) {
                        case Deployment.ACTIVE ->
                            champion = new Deployment(
                                    rs.getString(1),
                                    name,
                                    rs.getString(2),
                                    rs.getString(3),
                                    null,
                                    state,
                                    rs.getInt(5),
                                    rs.getString(6),
                                    null,
                                    0,
                                    null,
                                    null,
                                    rs.getTimestamp(7).toInstant(),
                                    at);
                        case Deployment.CHALLENGER -> challengers++;
                        case Deployment.SHADOW -> shadows++;
                        default -> {
                            // retired deployments only date the name's last change
                        }
                    }
                }
            }
        }
        return new NameSummary(name, champion, challengers, shadows, updated);
    }

    private EntityRef<DeploymentEntity.Command> entity(String model) {
        return ClusterSharding.get(system).entityRefFor(DeploymentEntity.ENTITY_TYPE_KEY, model);
    }

    private CompletionStage<DeploymentEntity.Found> ask(
            String model, Function<ActorRef<DeploymentEntity.Reply>, DeploymentEntity.Command> command) {
        if (!ModelNames.valid(model)) {
            return CompletableFuture.failedFuture(new RunErrors.NotFound("no deployment of a model named " + model));
        }
        return entity(model).ask(command::apply, askTimeout).thenApplyAsync(DeploymentService::found, callbacks);
    }

    static DeploymentEntity.Found found(DeploymentEntity.Reply reply) {
        if (reply instanceof DeploymentEntity.Found f) {
            return f;
        }
        DeploymentEntity.Refused r = (DeploymentEntity.Refused) reply;
        throw switch (r.kind()) {
            case MISSING -> new RunErrors.NotFound(r.reason());
            case INVALID -> new RunErrors.Invalid(List.of(r.reason()));
            case CONFLICT -> new RunErrors.Conflict(r.reason());
        };
    }
}
