package svc.core.deploy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerWithReply;
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerWithReplyBuilder;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehaviorWithEnforcedReplies;
import org.apache.pekko.persistence.typed.javadsl.ReplyEffect;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import svc.config.Json;
import svc.core.CborSerializable;
import svc.ml.online.CanaryRule;
import svc.ml.online.Outcomes;
import svc.ml.online.ProportionTest;

/**
 * The deployments of one model name, sharded by name and event-sourced (persistence id
 * {@code deployment|<name>}).
 *
 * <p>States: {@link Empty} until the first {@code Deployed}; then {@link Model}, whose deployments
 * are each {@code active} (the one champion), {@code challenger} (a share of the traffic),
 * {@code shadow} (a mirrored share, answers nobody) or {@code retired}. Transitions, each one event:
 * deploying as champion (retires the previous champion in the same event), as challenger (needs a
 * champion; challengers together take at most 99 %) or as shadow (needs a champion); promoting a
 * challenger or shadow (the new champion and the previous one's retirement in one event); retiring
 * (not a champion that others still depend on); a canary step (a challenger's share rises) or
 * rollback (the challenger is retired, its share goes back to the champion). The champion's share
 * is always what the challengers leave.
 *
 * <p>A canary check carries the round it judged: a decision already taken on newer evidence makes
 * an older check a no-op. Every persisted change is published on {@link DeploymentEvents}.
 */
public final class DeploymentEntity
        extends EventSourcedBehaviorWithEnforcedReplies<
                DeploymentEntity.Command, DeploymentEntity.Event, DeploymentEntity.State> {

    public static final EntityTypeKey<Command> ENTITY_TYPE_KEY = EntityTypeKey.create(Command.class, "deployment");
    public static final String TAG = "deployment";

    /** Challengers together leave the champion at least this share. */
    static final int MAX_CHALLENGER_TOTAL = 99;

    // ---- protocol -------------------------------------------------------------------------

    public sealed interface Command extends CborSerializable {}

    public record Deploy(DeploySpec spec, ActorRef<Reply> replyTo) implements Command {}

    public record Promote(String deploymentId, String by, ActorRef<Reply> replyTo) implements Command {}

    public record Retire(String deploymentId, String by, ActorRef<Reply> replyTo) implements Command {}

    public record Get(ActorRef<Reply> replyTo) implements Command {}

    /**
     * Labelled evidence of a challenger and the champion since the challenger's canary round
     * {@code round} began; the rule decides.
     */
    public record CanaryCheck(
            String deploymentId, int round, Outcomes champion, Outcomes challenger, ActorRef<Reply> replyTo)
            implements Command {}

    public sealed interface Reply extends CborSerializable {}

    /** The name's deployments now; {@code deploymentId} is the one the command was about (or null). */
    public record Found(DeploymentView view, String deploymentId) implements Reply {}

    public record Refused(Refusal kind, String reason) implements Reply {}

    /** Why a command was refused: no such name or deployment, not now, or a bad request. */
    public enum Refusal {
        MISSING,
        CONFLICT,
        INVALID
    }

    public sealed interface Event extends CborSerializable {}

    /** A new deployment; a new champion retires {@code retiredChampion} (or null) in the same event. */
    public record Deployed(Deployment deployment, String retiredChampion, Instant at) implements Event {}

    public record Promoted(String deploymentId, String retiredChampion, String by, Instant at) implements Event {}

    public record Retired(String deploymentId, String by, Instant at) implements Event {}

    public record CanaryStepped(String deploymentId, int toPct, String evidence, Instant at) implements Event {}

    public record CanaryRolledBack(String deploymentId, String evidence, Instant at) implements Event {}

    public sealed interface State extends CborSerializable {}

    public enum Empty implements State {
        INSTANCE
    }

    /** A name with deployments, in creation order, and its history in order. */
    public record Model(List<Deployment> deployments, List<HistoryEntry> history) implements State {

        Optional<Deployment> find(String deploymentId) {
            return deployments.stream()
                    .filter(d -> d.deploymentId().equals(deploymentId))
                    .findFirst();
        }

        Optional<Deployment> champion() {
            return deployments.stream().filter(d -> d.is(Deployment.ACTIVE)).findFirst();
        }

        int challengerShare(String except) {
            return deployments.stream()
                    .filter(d ->
                            d.is(Deployment.CHALLENGER) && !d.deploymentId().equals(except))
                    .mapToInt(Deployment::trafficPct)
                    .sum();
        }
    }

    // ---- wiring ---------------------------------------------------------------------------

    public static void init(ActorSystem<?> system, DeploymentRuntime runtime) {
        ClusterSharding.get(system).init(Entity.of(ENTITY_TYPE_KEY, ctx -> create(ctx.getEntityId(), runtime)));
    }

    public static Behavior<Command> create(String modelName, DeploymentRuntime runtime) {
        return Behaviors.setup(ctx -> new DeploymentEntity(modelName, runtime));
    }

    private final String name;
    private final DeploymentRuntime runtime;

    private DeploymentEntity(String name, DeploymentRuntime runtime) {
        super(PersistenceId.of(ENTITY_TYPE_KEY.name(), name));
        this.name = name;
        this.runtime = runtime;
    }

    @Override
    public State emptyState() {
        return Empty.INSTANCE;
    }

    @Override
    public Set<String> tagsFor(Event event) {
        return Set.of(TAG);
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        return RetentionCriteria.snapshotEvery(100, 2);
    }

    // ---- commands -------------------------------------------------------------------------

    @Override
    public CommandHandlerWithReply<Command, Event, State> commandHandler() {
        CommandHandlerWithReplyBuilder<Command, Event, State> b = newCommandHandlerWithReplyBuilder();
        b.forStateType(Empty.class)
                .onCommand(Deploy.class, (s, c) -> onDeploy(new Model(List.of(), List.of()), c))
                .onCommand(Promote.class, (s, c) -> missing(c.replyTo()))
                .onCommand(Retire.class, (s, c) -> missing(c.replyTo()))
                .onCommand(Get.class, (s, c) -> missing(c.replyTo()))
                .onCommand(CanaryCheck.class, (s, c) -> missing(c.replyTo()));
        b.forStateType(Model.class)
                .onCommand(Deploy.class, this::onDeploy)
                .onCommand(Promote.class, this::onPromote)
                .onCommand(Retire.class, this::onRetire)
                .onCommand(Get.class, (s, c) -> Effect().reply(c.replyTo(), found(s, null)))
                .onCommand(CanaryCheck.class, this::onCanaryCheck);
        return b.build();
    }

    private ReplyEffect<Event, State> onDeploy(Model state, Deploy c) {
        DeploySpec spec = c.spec();
        Optional<Deployment> same = state.find(spec.deploymentId());
        if (same.isPresent()) {
            // The same registration again (a tool call re-run after a crash) is the same deployment.
            return same.get().modelId().equals(spec.modelId())
                    ? Effect().reply(c.replyTo(), found(state, spec.deploymentId()))
                    : refuse(c.replyTo(), Refusal.CONFLICT, "deployment id " + spec.deploymentId() + " is taken");
        }
        Optional<Deployment> champion = state.champion();
        String role = spec.role() != null ? spec.role() : champion.isEmpty() ? DeploySpec.CHAMPION : Deployment.SHADOW;
        String problem = null;
        int pct;
        String newState;
        switch (role) {
            case DeploySpec.CHAMPION -> {
                newState = Deployment.ACTIVE;
                pct = 100 - state.challengerShare(null);
                if (champion.isPresent() && champion.get().modelId().equals(spec.modelId())) {
                    problem = spec.modelId() + " is already the champion of " + name;
                }
            }
            case Deployment.CHALLENGER -> {
                newState = Deployment.CHALLENGER;
                pct = spec.trafficPct() == null ? -1 : spec.trafficPct();
                if (pct < 1 || pct > MAX_CHALLENGER_TOTAL) {
                    return refuse(c.replyTo(), Refusal.INVALID, "traffic_pct: a challenger needs a share of 1 to 99");
                }
                problem = challengerProblem(state, champion, spec.modelId(), pct);
            }
            case Deployment.SHADOW -> {
                newState = Deployment.SHADOW;
                pct = spec.trafficPct() == null ? 100 : spec.trafficPct();
                if (pct < 1 || pct > 100) {
                    return refuse(c.replyTo(), Refusal.INVALID, "traffic_pct: a shadow mirrors 1 to 100 % of requests");
                }
                if (champion.isEmpty()) {
                    problem = name + " has no champion whose answers a shadow could be compared with";
                } else if (liveAs(state, spec.modelId(), Deployment.SHADOW)) {
                    problem = spec.modelId() + " is already a shadow of " + name;
                }
            }
            default -> {
                return refuse(c.replyTo(), Refusal.INVALID, "role: must be champion, challenger or shadow");
            }
        }
        if (spec.canary() != null && !newState.equals(Deployment.CHALLENGER)) {
            return refuse(c.replyTo(), Refusal.INVALID, "canary: only a challenger has a canary rule");
        }
        if (problem != null) {
            return refuse(c.replyTo(), Refusal.CONFLICT, problem);
        }
        Instant now = runtime.clock().instant();
        Deployment d = new Deployment(
                spec.deploymentId(),
                name,
                spec.modelId(),
                spec.runId(),
                spec.profile(),
                newState,
                pct,
                spec.environment() == null || spec.environment().isBlank() ? "production" : spec.environment(),
                spec.canary(),
                0,
                now,
                spec.by(),
                now,
                now);
        String retired = newState.equals(Deployment.ACTIVE)
                ? champion.map(Deployment::deploymentId).orElse(null)
                : null;
        return persist(new Deployed(d, retired, now), c.replyTo(), spec.deploymentId());
    }

    private String challengerProblem(Model state, Optional<Deployment> champion, String modelId, int pct) {
        if (champion.isEmpty()) {
            return name + " has no champion to challenge: deploy one as champion first";
        }
        if (champion.get().modelId().equals(modelId)) {
            return modelId + " is the champion of " + name + " already";
        }
        if (liveAs(state, modelId, Deployment.CHALLENGER)) {
            return modelId + " is already a challenger of " + name;
        }
        int taken = state.challengerShare(null);
        if (taken + pct > MAX_CHALLENGER_TOTAL) {
            return "the challengers of " + name + " take " + taken + " % already; " + pct
                    + " % more would leave the champion less than 1 %";
        }
        return null;
    }

    private static boolean liveAs(Model state, String modelId, String as) {
        return state.deployments().stream()
                .anyMatch(d -> d.is(as) && d.modelId().equals(modelId));
    }

    private ReplyEffect<Event, State> onPromote(Model state, Promote c) {
        Optional<Deployment> target = state.find(c.deploymentId());
        if (target.isEmpty()) {
            return refuse(c.replyTo(), Refusal.MISSING, "no deployment " + c.deploymentId() + " of " + name);
        }
        Deployment d = target.get();
        if (!d.is(Deployment.CHALLENGER) && !d.is(Deployment.SHADOW)) {
            return refuse(
                    c.replyTo(),
                    Refusal.CONFLICT,
                    c.deploymentId() + " is " + d.state() + "; only a challenger or a shadow can be promoted");
        }
        String retired = state.champion().map(Deployment::deploymentId).orElse(null);
        return persist(
                new Promoted(d.deploymentId(), retired, c.by(), runtime.clock().instant()),
                c.replyTo(),
                d.deploymentId());
    }

    private ReplyEffect<Event, State> onRetire(Model state, Retire c) {
        Optional<Deployment> target = state.find(c.deploymentId());
        if (target.isEmpty()) {
            return refuse(c.replyTo(), Refusal.MISSING, "no deployment " + c.deploymentId() + " of " + name);
        }
        Deployment d = target.get();
        if (!d.live()) {
            return refuse(c.replyTo(), Refusal.CONFLICT, c.deploymentId() + " is retired already");
        }
        if (d.is(Deployment.ACTIVE)
                && state.deployments().stream().anyMatch(o -> o.live() && !o.is(Deployment.ACTIVE))) {
            return refuse(
                    c.replyTo(),
                    Refusal.CONFLICT,
                    c.deploymentId() + " is the champion and other deployments of " + name
                            + " depend on it: promote one of them, or retire them first");
        }
        return persist(new Retired(d.deploymentId(), c.by(), runtime.clock().instant()), c.replyTo(), d.deploymentId());
    }

    private ReplyEffect<Event, State> onCanaryCheck(Model state, CanaryCheck c) {
        Optional<Deployment> target = state.find(c.deploymentId());
        if (target.isEmpty()
                || !target.get().is(Deployment.CHALLENGER)
                || target.get().canary() == null
                || target.get().canaryRound() != c.round()) {
            return Effect().reply(c.replyTo(), found(state, c.deploymentId()));
        }
        Deployment d = target.get();
        CanaryRule.Decision decision = d.canary().decide(d.trafficPct(), c.champion(), c.challenger());
        Instant now = runtime.clock().instant();
        if (decision instanceof CanaryRule.Rollback r) {
            return persist(
                    new CanaryRolledBack(d.deploymentId(), evidence(r.test(), c), now), c.replyTo(), d.deploymentId());
        }
        if (decision instanceof CanaryRule.Step s) {
            int room = MAX_CHALLENGER_TOTAL - state.challengerShare(d.deploymentId());
            int to = Math.min(s.toPct(), room);
            if (to > d.trafficPct()) {
                return persist(
                        new CanaryStepped(d.deploymentId(), to, evidence(s.test(), c), now),
                        c.replyTo(),
                        d.deploymentId());
            }
        }
        return Effect().reply(c.replyTo(), found(state, d.deploymentId()));
    }

    private static String evidence(ProportionTest.Result test, CanaryCheck c) {
        return String.format(
                Locale.ROOT,
                "%s p=%.4g: challenger %d/%d right, champion %d/%d",
                test.test(),
                test.pValue(),
                c.challenger().correct(),
                c.challenger().labelled(),
                c.champion().correct(),
                c.champion().labelled());
    }

    private ReplyEffect<Event, State> persist(Event event, ActorRef<Reply> replyTo, String deploymentId) {
        return Effect()
                .persist(event)
                .thenRun(s -> publish((Model) s))
                .thenReply(replyTo, s -> found((Model) s, deploymentId));
    }

    /** The history line the event just added, on the name's stream. */
    private void publish(Model state) {
        HistoryEntry last = state.history().get(state.history().size() - 1);
        boolean canary = last.action().startsWith("canary");
        ObjectNode json = Json.MAPPER.valueToTree(last);
        json.put("type", canary ? DeploymentMessage.CANARY : DeploymentMessage.DEPLOYMENT);
        json.put("model", name);
        runtime.events()
                .publish(new DeploymentMessage(
                        name, canary ? DeploymentMessage.CANARY : DeploymentMessage.DEPLOYMENT, Json.write(json)));
    }

    private ReplyEffect<Event, State> missing(ActorRef<Reply> replyTo) {
        return refuse(replyTo, Refusal.MISSING, "no deployment of a model named " + name);
    }

    private ReplyEffect<Event, State> refuse(ActorRef<Reply> replyTo, Refusal kind, String reason) {
        return Effect().reply(replyTo, new Refused(kind, reason));
    }

    private Found found(Model state, String deploymentId) {
        return new Found(DeploymentView.of(name, state.deployments(), state.history()), deploymentId);
    }

    // ---- events ---------------------------------------------------------------------------

    @Override
    public EventHandler<State, Event> eventHandler() {
        var b = newEventHandlerBuilder();
        b.forStateType(Empty.class).onEvent(Deployed.class, e -> onDeployed(new Model(List.of(), List.of()), e));
        b.forStateType(Model.class)
                .onEvent(Deployed.class, DeploymentEntity::onDeployed)
                .onEvent(Promoted.class, DeploymentEntity::onPromoted)
                .onEvent(Retired.class, DeploymentEntity::onRetired)
                .onEvent(CanaryStepped.class, DeploymentEntity::onCanaryStepped)
                .onEvent(CanaryRolledBack.class, DeploymentEntity::onCanaryRolledBack);
        return b.build();
    }

    private static Model onDeployed(Model s, Deployed e) {
        List<Deployment> next = new ArrayList<>();
        for (Deployment d : s.deployments()) {
            next.add(d.deploymentId().equals(e.retiredChampion()) ? d.withState(Deployment.RETIRED, 0, e.at()) : d);
        }
        next.add(e.deployment());
        Deployment d = e.deployment();
        return rebalanced(
                next, s.history(), e.at(), "deployed", d.deploymentId(), e.retiredChampion(), d.createdBy(), null);
    }

    private static Model onPromoted(Model s, Promoted e) {
        List<Deployment> next = new ArrayList<>();
        for (Deployment d : s.deployments()) {
            if (d.deploymentId().equals(e.deploymentId())) {
                next.add(d.withState(Deployment.ACTIVE, 0, e.at()));
            } else if (d.deploymentId().equals(e.retiredChampion())) {
                next.add(d.withState(Deployment.RETIRED, 0, e.at()));
            } else {
                next.add(d);
            }
        }
        return rebalanced(next, s.history(), e.at(), "promoted", e.deploymentId(), e.retiredChampion(), e.by(), null);
    }

    private static Model onRetired(Model s, Retired e) {
        return rebalanced(
                retire(s, e.deploymentId(), e.at()),
                s.history(),
                e.at(),
                "retired",
                e.deploymentId(),
                null,
                e.by(),
                null);
    }

    private static Model onCanaryStepped(Model s, CanaryStepped e) {
        List<Deployment> next = new ArrayList<>();
        for (Deployment d : s.deployments()) {
            next.add(d.deploymentId().equals(e.deploymentId()) ? d.nextCanaryRound(e.toPct(), e.at()) : d);
        }
        return rebalanced(next, s.history(), e.at(), "canary_step", e.deploymentId(), null, "canary", e.evidence());
    }

    private static Model onCanaryRolledBack(Model s, CanaryRolledBack e) {
        return rebalanced(
                retire(s, e.deploymentId(), e.at()),
                s.history(),
                e.at(),
                "canary_rollback",
                e.deploymentId(),
                null,
                "canary",
                e.evidence());
    }

    private static List<Deployment> retire(Model s, String deploymentId, Instant at) {
        List<Deployment> next = new ArrayList<>();
        for (Deployment d : s.deployments()) {
            next.add(d.deploymentId().equals(deploymentId) ? d.withState(Deployment.RETIRED, 0, at) : d);
        }
        return next;
    }

    /** Gives the champion what the challengers leave, and appends the history line of the change. */
    private static Model rebalanced(
            List<Deployment> deployments,
            List<HistoryEntry> history,
            Instant at,
            String action,
            String deploymentId,
            String retired,
            String by,
            String detail) {
        int challengers = deployments.stream()
                .filter(d -> d.is(Deployment.CHALLENGER))
                .mapToInt(Deployment::trafficPct)
                .sum();
        List<Deployment> next = new ArrayList<>(deployments.size());
        Deployment subject = null;
        for (Deployment d : deployments) {
            Deployment n = d.is(Deployment.ACTIVE) && d.trafficPct() != 100 - challengers
                    ? d.withTraffic(100 - challengers, at)
                    : d;
            next.add(n);
            if (n.deploymentId().equals(deploymentId)) {
                subject = n;
            }
        }
        List<HistoryEntry> h = new ArrayList<>(history.size() + 1);
        h.addAll(history);
        h.add(new HistoryEntry(
                history.size() + 1L,
                at,
                action,
                deploymentId,
                subject == null ? null : subject.modelId(),
                subject == null ? null : subject.state(),
                subject == null ? 0 : subject.trafficPct(),
                retired,
                by,
                detail));
        return new Model(List.copyOf(next), List.copyOf(h));
    }
}
