package svc.core.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit.CommandResultWithReply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import svc.config.Json;
import svc.ml.online.CanaryRule;
import svc.ml.online.Outcomes;

/**
 * A model name's deployments alone: every command in both states, each event folded (the
 * champion's share, the history), serialization of commands, events and state, recovery, and the
 * messages published on the name's stream.
 */
class DeploymentEntityTest {

    static final ActorTestKit testKit = ActorTestKit.create(
            "deployment-entity-test",
            ConfigFactory.parseString("pekko.actor.provider = local")
                    .withFallback(EventSourcedBehaviorTestKit.config())
                    .withFallback(ConfigFactory.load()));

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    final List<DeploymentMessage> published = new CopyOnWriteArrayList<>();
    EventSourcedBehaviorTestKit<DeploymentEntity.Command, DeploymentEntity.Event, DeploymentEntity.State> kit;

    @BeforeEach
    void newName() {
        published.clear();
        LocalDeploymentEvents events = new LocalDeploymentEvents();
        events.subscribe(DeploymentEvents.ALL, published::add);
        kit = EventSourcedBehaviorTestKit.create(
                testKit.system(),
                DeploymentEntity.create(
                        "credit-" + UUID.randomUUID().toString().substring(0, 8), new DeploymentRuntime(events, CLOCK)),
                EventSourcedBehaviorTestKit.enabledSerializationSettings());
    }

    @AfterAll
    static void shutdown() {
        testKit.shutdownTestKit();
    }

    static DeploySpec spec(String id, String model, String role, Integer pct, CanaryRule canary) {
        return new DeploySpec(id, model, "run-1", "generic_ml", role, pct, "production", canary, "ops");
    }

    CommandResultWithReply<
                    DeploymentEntity.Command, DeploymentEntity.Event, DeploymentEntity.State, DeploymentEntity.Reply>
            deploy(String id, String model, String role, Integer pct) {
        return deploy(spec(id, model, role, pct, null));
    }

    CommandResultWithReply<
                    DeploymentEntity.Command, DeploymentEntity.Event, DeploymentEntity.State, DeploymentEntity.Reply>
            deploy(DeploySpec spec) {
        return kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Deploy(spec, r));
    }

    static DeploymentView view(DeploymentEntity.Reply reply) {
        assertThat(reply).isInstanceOf(DeploymentEntity.Found.class);
        return ((DeploymentEntity.Found) reply).view();
    }

    static DeploymentEntity.Refused refused(DeploymentEntity.Reply reply) {
        assertThat(reply).isInstanceOf(DeploymentEntity.Refused.class);
        return (DeploymentEntity.Refused) reply;
    }

    DeploymentView current() {
        return view(kit.<DeploymentEntity.Reply>runCommand(DeploymentEntity.Get::new)
                .reply());
    }

    @Test
    void anEmptyNameAnswersMissingToEverythingButDeploy() {
        assertThat(refused(kit.<DeploymentEntity.Reply>runCommand(DeploymentEntity.Get::new)
                                .reply())
                        .kind())
                .isEqualTo(DeploymentEntity.Refusal.MISSING);
        assertThat(refused(kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Promote("d", "ops", r))
                                .reply())
                        .kind())
                .isEqualTo(DeploymentEntity.Refusal.MISSING);
        assertThat(refused(kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Retire("d", "ops", r))
                                .reply())
                        .kind())
                .isEqualTo(DeploymentEntity.Refusal.MISSING);
        assertThat(refused(deploy("d1", "m-b", "challenger", 20).reply()).reason())
                .contains("no champion to challenge");
        assertThat(refused(deploy("d1", "m-b", "shadow", null).reply()).reason())
                .contains("no champion");
    }

    @Test
    void theFirstModelOfANameIsItsChampionAndLaterOnesShadowsByDefault() {
        var first = deploy("d1", "m-a", null, null);
        assertThat(first.event()).isInstanceOf(DeploymentEntity.Deployed.class);
        Deployment a = view(first.reply()).champion().orElseThrow();
        assertThat(a.deploymentId()).isEqualTo("d1");
        assertThat(a.trafficPct()).isEqualTo(100);
        var second = deploy("d2", "m-b", null, null);
        Deployment b = view(second.reply()).find("d2").orElseThrow();
        assertThat(b.state()).isEqualTo(Deployment.SHADOW);
        assertThat(b.trafficPct()).isEqualTo(100);
        // The same registration again (a tool re-run after a crash) is the same deployment.
        var again = deploy("d2", "m-b", null, null);
        assertThat(again.hasNoEvents()).isTrue();
        assertThat(view(again.reply()).deployments()).hasSize(2);
        assertThat(refused(deploy("d2", "m-c", null, null).reply()).reason()).contains("taken");
    }

    @Test
    void challengersTakeTheirShareFromTheChampionWithinBounds() {
        deploy("d1", "m-a", "champion", null);
        DeploymentView v = view(deploy("d2", "m-b", "challenger", 20).reply());
        assertThat(v.champion().orElseThrow().trafficPct()).isEqualTo(80);
        assertThat(v.find("d2").orElseThrow().trafficPct()).isEqualTo(20);
        assertThat(refused(deploy("d3", "m-c", "challenger", 80).reply()).reason())
                .contains("take 20 % already");
        assertThat(refused(deploy("d3", "m-c", "challenger", null).reply()).kind())
                .isEqualTo(DeploymentEntity.Refusal.INVALID);
        assertThat(refused(deploy("d3", "m-a", "challenger", 10).reply()).reason())
                .contains("champion");
        assertThat(refused(deploy("d3", "m-b", "challenger", 10).reply()).reason())
                .contains("already a challenger");
        assertThat(refused(deploy("d3", "m-c", "gold", 10).reply()).kind()).isEqualTo(DeploymentEntity.Refusal.INVALID);
        assertThat(refused(deploy(spec("d3", "m-c", "shadow", null, new CanaryRule(10, 50, 30, 0.05)))
                                .reply())
                        .reason())
                .contains("only a challenger");
        assertThat(refused(deploy("d3", "m-a", "champion", null).reply()).reason())
                .contains("already the champion");
    }

    @Test
    void promotingRetiresTheChampionInTheSameEventAndTheHistoryShowsIt() {
        deploy("d1", "m-a", "champion", null);
        deploy("d2", "m-b", "challenger", 20);
        deploy("d3", "m-c", "challenger", 10);
        var promoted = kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Promote("d2", "ops", r));
        assertThat(promoted.events()).hasSize(1);
        assertThat(promoted.event()).isEqualTo(new DeploymentEntity.Promoted("d2", "d1", "ops", CLOCK.instant()));
        DeploymentView v = view(promoted.reply());
        assertThat(v.champion().orElseThrow().deploymentId()).isEqualTo("d2");
        assertThat(v.champion().orElseThrow().trafficPct()).isEqualTo(90);
        assertThat(v.find("d1").orElseThrow().state()).isEqualTo(Deployment.RETIRED);
        assertThat(v.find("d1").orElseThrow().trafficPct()).isZero();
        HistoryEntry newest = v.history().get(0);
        assertThat(newest.action()).isEqualTo("promoted");
        assertThat(newest.deploymentId()).isEqualTo("d2");
        assertThat(newest.retiredDeploymentId()).isEqualTo("d1");
        assertThat(v.history()).extracting(HistoryEntry::seq).containsExactly(4L, 3L, 2L, 1L);
        assertThat(refused(kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Promote("d1", "ops", r))
                                .reply())
                        .reason())
                .contains("only a challenger or a shadow");
        // what the stream saw: one message per change, the last one the promotion
        assertThat(published).hasSize(4);
        assertThat(Json.parse(published.get(3).json()).path("action").asText()).isEqualTo("promoted");
        assertThat(published.get(3).changesRoutes()).isTrue();
    }

    @Test
    void aNewChampionRetiresTheOldOneAndTheChampionCannotBeRetiredUnderOthers() {
        deploy("d1", "m-a", "champion", null);
        DeploymentView v = view(deploy("d2", "m-b", "champion", null).reply());
        assertThat(v.champion().orElseThrow().deploymentId()).isEqualTo("d2");
        assertThat(v.find("d1").orElseThrow().state()).isEqualTo(Deployment.RETIRED);
        deploy("d3", "m-c", "shadow", 50);
        assertThat(refused(kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Retire("d2", "ops", r))
                                .reply())
                        .reason())
                .contains("depend on it");
        var retired = kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Retire("d3", "ops", r));
        assertThat(view(retired.reply()).find("d3").orElseThrow().state()).isEqualTo(Deployment.RETIRED);
        assertThat(refused(kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Retire("d3", "ops", r))
                                .reply())
                        .reason())
                .contains("retired already");
        assertThat(view(kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Retire("d2", "ops", r))
                                .reply())
                        .champion())
                .isEmpty();
    }

    @Test
    void theCanaryRaisesAChallengerStepByStepAndRollsItBackWhenClearlyWorse() {
        deploy("d1", "m-a", "champion", null);
        deploy(spec("d2", "m-b", "challenger", 10, new CanaryRule(10, 30, 20, 0.05)));
        // too few samples: nothing happens
        var hold = kit.<DeploymentEntity.Reply>runCommand(
                r -> new DeploymentEntity.CanaryCheck("d2", 0, new Outcomes(100, 80), new Outcomes(5, 4), r));
        assertThat(hold.hasNoEvents()).isTrue();
        var step = kit.<DeploymentEntity.Reply>runCommand(
                r -> new DeploymentEntity.CanaryCheck("d2", 0, new Outcomes(100, 80), new Outcomes(20, 16), r));
        assertThat(step.event()).isInstanceOf(DeploymentEntity.CanaryStepped.class);
        DeploymentView v = view(step.reply());
        assertThat(v.find("d2").orElseThrow().trafficPct()).isEqualTo(20);
        assertThat(v.find("d2").orElseThrow().canaryRound()).isEqualTo(1);
        assertThat(v.champion().orElseThrow().trafficPct()).isEqualTo(80);
        assertThat(v.history().get(0).action()).isEqualTo("canary_step");
        assertThat(v.history().get(0).detail()).contains("challenger 16/20 right");
        // a check of a round already decided changes nothing
        var stale = kit.<DeploymentEntity.Reply>runCommand(
                r -> new DeploymentEntity.CanaryCheck("d2", 0, new Outcomes(100, 80), new Outcomes(20, 16), r));
        assertThat(stale.hasNoEvents()).isTrue();
        var rollback = kit.<DeploymentEntity.Reply>runCommand(
                r -> new DeploymentEntity.CanaryCheck("d2", 1, new Outcomes(100, 95), new Outcomes(25, 3), r));
        assertThat(rollback.event()).isInstanceOf(DeploymentEntity.CanaryRolledBack.class);
        v = view(rollback.reply());
        assertThat(v.find("d2").orElseThrow().state()).isEqualTo(Deployment.RETIRED);
        assertThat(v.champion().orElseThrow().trafficPct()).isEqualTo(100);
        assertThat(v.history().get(0).action()).isEqualTo("canary_rollback");
        assertThat(published.get(published.size() - 1).type()).isEqualTo(DeploymentMessage.CANARY);
    }

    @Test
    void theStateRecoversFromItsEvents() {
        deploy("d1", "m-a", "champion", null);
        deploy("d2", "m-b", "challenger", 30);
        kit.<DeploymentEntity.Reply>runCommand(r -> new DeploymentEntity.Promote("d2", "ops", r));
        DeploymentView before = current();
        kit.restart();
        assertThat(current()).isEqualTo(before);
    }
}
