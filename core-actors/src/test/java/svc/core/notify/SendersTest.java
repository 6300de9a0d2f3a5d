package svc.core.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How each sender judges what came back, against a real local receiver (no platform). */
class SendersTest {

    private static final Notice NOTICE =
            Notice.ofBudgetPause("run-1", Instant.parse("2026-01-01T00:00:00Z"), "spent", 1.5);

    private WebhookReceiver receiver;

    @BeforeEach
    void start() throws Exception {
        receiver = new WebhookReceiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private static NotificationSettings settings(Map<String, Object> extra) {
        Map<String, Object> values = new HashMap<>(Map.of("svc.notifications.webhook-secret", "s3cret"));
        values.putAll(extra);
        return NotificationSettings.fromConfig(ConfigFactory.parseMap(values).withFallback(ConfigFactory.load()));
    }

    private Outcome post(NotificationSettings s) {
        return new WebhookSender(s, new NoticeText(""), Clock.systemUTC()).send(receiver.url("/x"), "d-1", 1, NOTICE);
    }

    @Test
    void statusesDecideBetweenDeliveredRetryAndFailed() {
        NotificationSettings s = settings(Map.of());
        receiver.answers.add(204);
        receiver.answers.add(429);
        receiver.answers.add(502);
        receiver.answers.add(301);
        receiver.answers.add(404);
        assertThat(post(s)).isEqualTo(Outcome.delivered("HTTP 204"));
        assertThat(post(s).kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(post(s)).satisfies(o -> {
            assertThat(o.kind()).isEqualTo(Outcome.Kind.RETRY);
            assertThat(o.status()).isEqualTo("HTTP 502");
            assertThat(o.error()).isEqualTo("answered 502: not now");
        });
        assertThat(post(s).kind()).as("a redirect is not followed").isEqualTo(Outcome.Kind.FAILED);
        assertThat(post(s).kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(receiver.received()).hasSize(5);
    }

    @Test
    void withoutASecretNothingIsSent() {
        Outcome o = post(settings(Map.of("svc.notifications.webhook-secret", "")));
        assertThat(o.kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(o.error()).contains("SVC_WEBHOOK_SECRET is not set");
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void aClosedPortIsWorthAnotherAttempt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        NotificationSettings s = settings(Map.of("svc.notifications.smtp-url", "smtp://127.0.0.1:" + port));
        Outcome webhook = new WebhookSender(s, new NoticeText(""), Clock.systemUTC())
                .send("http://127.0.0.1:" + port + "/x", "d-1", 1, NOTICE);
        assertThat(webhook.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(webhook.status()).isNull();
        Outcome email = new EmailSender(s, new NoticeText("")).send("ops@example.com", "d-1", NOTICE);
        assertThat(email.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(email.error()).contains("could not talk to smtp://127.0.0.1:" + port);
    }

    @Test
    void withoutARelayOrWithABadAddressNoMailIsSent() {
        Outcome none = new EmailSender(settings(Map.of()), new NoticeText("")).send("ops@example.com", "d-1", NOTICE);
        assertThat(none.kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(none.error()).contains("SVC_SMTP_URL is not set");
        Outcome bad = new EmailSender(
                        settings(Map.of("svc.notifications.smtp-url", "smtp://127.0.0.1:1")), new NoticeText(""))
                .send("ops@@example.com", "d-1", NOTICE);
        assertThat(bad.kind()).isEqualTo(Outcome.Kind.FAILED);
        assertThat(bad.error()).startsWith("invalid address");
    }
}
