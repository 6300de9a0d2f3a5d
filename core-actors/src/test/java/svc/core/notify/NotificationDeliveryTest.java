package svc.core.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.typesafe.config.ConfigFactory;
import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.testing.FakeToolbox;
import svc.core.testing.PlatformFixture;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.notifications.AttemptRow;
import svc.persistence.notifications.NotificationRow;

/**
 * Notifications end to end: real runs on the platform, a webhook receiver on loopback (JDK HTTP
 * server) and an in-process SMTP server (GreenMail). Every wait has a deadline.
 */
class NotificationDeliveryTest {

    private static final String SECRET = "test-webhook-secret-0123456789";
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path home;

    private final FakeToolbox tools = new FakeToolbox();
    private PlatformFixture fx;
    private WebhookReceiver receiver;
    private GreenMail mail;

    @BeforeEach
    void start() throws Exception {
        fx = new PlatformFixture(home, tools);
        receiver = new WebhookReceiver();
        mail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort());
        mail.start();
    }

    @AfterEach
    void stop() {
        fx.close();
        receiver.close();
        mail.stop();
    }

    private Map<String, Object> settings() {
        Map<String, Object> s = new HashMap<>();
        s.put("svc.notifications.webhook-secret", SECRET);
        s.put("svc.notifications.smtp-url", "smtp://127.0.0.1:" + mail.getSmtp().getPort());
        s.put("svc.notifications.smtp-from", "svc@example.com");
        s.put("svc.notifications.poll-interval", "100ms");
        s.put("svc.notifications.backoff-min", "300ms");
        s.put("svc.notifications.backoff-max", "2s");
        s.put("svc.notifications.lease", "30s");
        return s;
    }

    /** One stage, a gate with the given channels and timers, one more stage. */
    private RunView startGatedRun(String channels, String timers) throws Exception {
        Path workflow = home.resolve("datasets").resolve("gated-" + System.nanoTime() + ".yaml");
        Files.writeString(workflow, """
                name: gated
                description: one stage, a gate that tells people, one more stage
                start: prepare
                nodes:
                  - {id: prepare, type: stage, team: data, goal: Profile the data.}
                  - {id: approve, type: checkpoint, gate_type: manual, %s notify_channels: [%s]}
                  - {id: finish, type: stage, team: quality, goal: Review.}
                edges:
                  - {source: prepare, target: approve, priority: 0, metadata: {}}
                  - {source: approve, target: finish, priority: 0, metadata: {}}
                """.formatted(timers, channels));
        return fx.startRun(new RunService.StartRequest(
                "Predict y.", fx.dataset.toString(), "y", List.of(), null, null, workflow.toString(), "t"));
    }

    private List<NotificationService.Delivery> deliveries(String runId) {
        try {
            return fx.platform
                    .notifications()
                    .list(null, runId, null, 100, 0)
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS)
                    .items();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aGateReachesItsWebhookSignedAndItsMailboxAndTheRunGoesOnWhenApproved() throws Exception {
        fx.start(settings());
        RunView run =
                startGatedRun("dashboard, email, 'webhook:" + receiver.url("/hook") + "', 'email:ops@example.com'", "");
        fx.awaitState(run.runId(), "waiting_approval");
        String gateId = fx.view(run.runId()).pendingGates().get(0).gateId();

        fx.eventually(DEADLINE, () -> assertThat(receiver.received()).hasSize(1));
        assertThat(mail.waitForIncomingEmail(DEADLINE.toMillis(), 1)).isTrue();

        WebhookReceiver.Received hook = receiver.received().get(0);
        assertThat(hook.path()).isEqualTo("/hook");
        assertThat(hook.signedWith(SECRET)).as("signature of the exact body").isTrue();
        assertThat(hook.signedWith("another secret")).isFalse();
        JsonNode body = hook.json();
        assertThat(body.path("event").asText()).isEqualTo("gate_created");
        assertThat(body.path("run_id").asText()).isEqualTo(run.runId());
        assertThat(body.path("gate_id").asText()).isEqualTo(gateId);
        assertThat(body.path("gate_type").asText()).isEqualTo("manual");
        assertThat(body.path("gate_state").asText()).isEqualTo("pending");
        assertThat(body.path("links").path("approval").asText()).isEqualTo("/api/v1/approvals/" + gateId);
        assertThat(hook.header("X-Svc-Event")).isEqualTo("gate_created");
        assertThat(hook.header("X-Svc-Delivery"))
                .isEqualTo(body.path("delivery_id").asText());
        assertThat(Long.parseLong(hook.header("X-Svc-Timestamp")))
                .isEqualTo(Instant.parse(body.path("sent_at").asText()).getEpochSecond());

        MimeMessage email = mail.getReceivedMessages()[0];
        assertThat(email.getRecipients(Message.RecipientType.TO)[0].toString()).isEqualTo("ops@example.com");
        assertThat(email.getFrom()[0].toString()).isEqualTo("svc@example.com");
        assertThat(email.getSubject()).contains("Approval needed").contains(run.runId());
        assertThat(email.getContent().toString())
                .contains("svc approvals approve " + gateId)
                .contains("POST /api/v1/approvals/" + gateId)
                .contains("svc approvals reject " + gateId);

        fx.eventually(
                DEADLINE,
                () -> assertThat(deliveries(run.runId())).hasSize(2).allSatisfy(d -> {
                    assertThat(d.row().state()).isEqualTo(NotificationRow.DELIVERED);
                    assertThat(d.row().attempts()).isEqualTo(1);
                    assertThat(d.row().deliveredAt()).isNotNull();
                    assertThat(d.attempts())
                            .singleElement()
                            .satisfies(a -> assertThat(a.outcome()).isEqualTo("delivered"));
                }));
        assertThat(deliveries(run.runId()))
                .extracting(d -> d.row().lastStatus())
                .anySatisfy(s -> assertThat(s).isEqualTo("HTTP 200"))
                .anySatisfy(s -> assertThat(s).startsWith("SMTP 250"));

        fx.platform
                .runs()
                .decide(gateId, true, "ops@example.com", "ok")
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        fx.awaitState(run.runId(), "succeeded");
        assertThat(receiver.received()).hasSize(1);
    }

    @Test
    void escalationAndExpiryAreDeliveredAfterTheCreation() throws Exception {
        fx.start(settings());
        RunView run =
                startGatedRun("'webhook:" + receiver.url("/hook") + "'", "ttl_seconds: 3, escalate_after_seconds: 1,");
        fx.awaitState(run.runId(), "failed");
        fx.eventually(
                DEADLINE,
                () -> assertThat(receiver.received())
                        .extracting(r -> r.json().path("event").asText())
                        .containsExactlyInAnyOrder("gate_created", "gate_escalated", "gate_expired"));
        JsonNode expired = receiver.received().stream()
                .map(WebhookReceiver.Received::json)
                .filter(j -> j.path("event").asText().equals("gate_expired"))
                .findFirst()
                .orElseThrow();
        assertThat(expired.path("gate_state").asText()).isEqualTo("expired");
        assertThat(expired.hasNonNull("escalated_at")).isTrue();
        assertThat(expired.hasNonNull("expires_at")).isTrue();
        for (WebhookReceiver.Received r : receiver.received()) {
            assertThat(r.signedWith(SECRET)).isTrue();
        }
    }

    @Test
    void aBudgetPauseGoesToTheServersChannels() throws Exception {
        Map<String, Object> s = settings();
        s.put("svc.budget-per-pipeline-usd", "0.05");
        s.put("svc.notifications.channels", "webhook:" + receiver.url("/ops") + ", email:oncall@example.com");
        fx.start(s);
        RunView run = fx.startRun("fast_prototype");
        fx.awaitState(run.runId(), "paused");

        fx.eventually(DEADLINE, () -> assertThat(receiver.received()).hasSize(1));
        JsonNode body = receiver.received().get(0).json();
        assertThat(body.path("event").asText()).isEqualTo("budget_paused");
        assertThat(body.path("run_id").asText()).isEqualTo(run.runId());
        assertThat(body.path("reason").asText()).contains("passed the budget");
        assertThat(body.path("cost_usd").asDouble()).isGreaterThan(0.05);
        assertThat(body.path("links").path("resume").asText())
                .isEqualTo("/api/v1/pipelines/" + run.runId() + "/resume");
        assertThat(body.has("gate_id")).isFalse();
        assertThat(receiver.received().get(0).signedWith(SECRET)).isTrue();

        assertThat(mail.waitForIncomingEmail(DEADLINE.toMillis(), 1)).isTrue();
        MimeMessage email = mail.getReceivedMessages()[0];
        assertThat(email.getRecipients(Message.RecipientType.TO)[0].toString()).isEqualTo("oncall@example.com");
        assertThat(email.getSubject()).contains("paused");
        assertThat(email.getContent().toString()).contains("svc pipelines resume " + run.runId());
    }

    @Test
    void aReceiverThatFailsTwiceGetsItOnTheThirdAttemptWithEveryAttemptRecorded() throws Exception {
        receiver.answers.add(500);
        receiver.answers.add(500);
        fx.start(settings());
        RunView run = startGatedRun("'webhook:" + receiver.url("/flaky") + "'", "");
        fx.awaitState(run.runId(), "waiting_approval");

        fx.eventually(
                DEADLINE,
                () -> assertThat(deliveries(run.runId()))
                        .singleElement()
                        .satisfies(d -> assertThat(d.row().state()).isEqualTo(NotificationRow.DELIVERED)));
        NotificationService.Delivery d = deliveries(run.runId()).get(0);
        assertThat(d.row().attempts()).isEqualTo(3);
        assertThat(d.row().lastStatus()).isEqualTo("HTTP 200");
        assertThat(d.attempts()).extracting(AttemptRow::outcome).containsExactly("retry", "retry", "delivered");
        assertThat(d.attempts()).extracting(AttemptRow::status).containsExactly("HTTP 500", "HTTP 500", "HTTP 200");
        assertThat(d.attempts().get(0).error()).contains("answered 500");
        // Back-off: at least backoff-min, then twice that, between attempts (lower bounds only).
        assertThat(Duration.between(
                        d.attempts().get(0).at(), d.attempts().get(1).at()))
                .isGreaterThanOrEqualTo(Duration.ofMillis(300));
        assertThat(Duration.between(
                        d.attempts().get(1).at(), d.attempts().get(2).at()))
                .isGreaterThanOrEqualTo(Duration.ofMillis(600));
        assertThat(receiver.received())
                .hasSize(3)
                .extracting(r -> r.header("X-Svc-Delivery"))
                .containsOnly(d.row().deliveryId());
    }

    @Test
    void hostsTheEgressAllowlistRefusesAreNeverContacted() throws Exception {
        Map<String, Object> s = settings();
        s.put("svc.governance.egress-allowlist", "hooks.example.com");
        fx.start(s);
        RunView run = startGatedRun("'webhook:" + receiver.url("/hook") + "', 'email:ops@example.com'", "");
        fx.awaitState(run.runId(), "waiting_approval");

        fx.eventually(
                DEADLINE,
                () -> assertThat(deliveries(run.runId()))
                        .hasSize(2)
                        .allSatisfy(d -> assertThat(d.row().state()).isEqualTo(NotificationRow.FAILED)));
        assertThat(deliveries(run.runId())).allSatisfy(d -> {
            assertThat(d.row().attempts()).isEqualTo(1);
            assertThat(d.row().lastStatus()).isNull();
            assertThat(d.row().lastError()).contains("egress allowlist").contains("loopback");
        });
        // A refused delivery is final (no retry), so nothing can reach the servers later either.
        assertThat(receiver.received()).isEmpty();
        assertThat(mail.getReceivedMessages()).isEmpty();
    }

    @Test
    void aProjectionReplayOwesNothingTwice() throws Exception {
        fx.start(settings());
        String channel = "'webhook:" + receiver.url("/hook") + "'";
        RunView run = startGatedRun(channel, "");
        fx.awaitState(run.runId(), "waiting_approval");
        fx.eventually(
                DEADLINE,
                () -> assertThat(deliveries(run.runId()))
                        .singleElement()
                        .satisfies(d -> assertThat(d.row().state()).isEqualTo(NotificationRow.DELIVERED)));
        long offset = runsOffset();
        fx.stop();

        // Forget where the run projection was: on restart it replays every run event from the start.
        try (Database db = Database.open(
                        DatabaseSettings.fromConfig(ConfigFactory.parseMap(Map.of("svc.home", home.toString()))
                                .withFallback(ConfigFactory.load())));
                Connection c = db.connection();
                PreparedStatement ps = c.prepareStatement(
                        "DELETE FROM pekko_projection_offset_store WHERE projection_name = 'runs'")) {
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
        fx.start(settings());
        fx.eventually(DEADLINE, () -> assertThat(runsOffset()).isGreaterThanOrEqualTo(offset));

        // A later gate's delivery is the marker: a duplicate row from the replay would be due before it.
        RunView marker = startGatedRun(channel, "");
        fx.eventually(
                DEADLINE,
                () -> assertThat(deliveries(marker.runId()))
                        .singleElement()
                        .satisfies(d -> assertThat(d.row().state()).isEqualTo(NotificationRow.DELIVERED)));
        assertThat(deliveries(run.runId()))
                .singleElement()
                .satisfies(d -> assertThat(d.row().attempts()).isEqualTo(1));
        assertThat(receiver.received())
                .extracting(r -> r.json().path("run_id").asText())
                .containsExactly(run.runId(), marker.runId());
    }

    private long runsOffset() {
        try (Connection c = fx.platform.database().connection();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT current_offset FROM pekko_projection_offset_store WHERE projection_name = 'runs'");
                ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Long.parseLong(rs.getString(1)) : -1;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
