package svc.core.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import svc.library.workflow.NotifyChannel;

class NotificationSettingsTest {

    private static NotificationSettings read(Map<String, Object> values) {
        Config config = ConfigFactory.parseMap(values).withFallback(ConfigFactory.load());
        return NotificationSettings.fromConfig(config);
    }

    @Test
    void theDefaultsDeliverNothingAndWarnAboutNothing() {
        NotificationSettings s = read(Map.of());
        assertThat(s.channels()).isEmpty();
        assertThat(s.webhookSecret()).isEmpty();
        assertThat(s.smtp()).isEmpty();
        assertThat(s.warnings()).isEmpty();
        assertThat(s.egress().allowlist().isEmpty()).isTrue();
    }

    @Test
    void serverChannelsAreParsedAndNeedARecipient() {
        NotificationSettings s = read(
                Map.of("svc.notifications.channels", "webhook:https://hooks.example.com/svc, email:ops@example.com"));
        assertThat(s.channels())
                .extracting(NotifyChannel::wire)
                .containsExactly("webhook:https://hooks.example.com/svc", "email:ops@example.com");
        assertThatThrownBy(() -> read(Map.of(
                        "svc.notifications.channels", "email, slack:#ops",
                        "svc.notifications.smtp-url", "http://mail.example.com",
                        "svc.notifications.max-attempts", 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("SVC_NOTIFY_CHANNELS: 'email' names no recipient; write webhook:<url> or email:<address>\n"
                        + "SVC_NOTIFY_CHANNELS: notify channel 'slack:#ops' is not one of webhook:<url>, "
                        + "email:<address>, webhook, email, dashboard\n"
                        + "SVC_SMTP_URL must start with smtp:// or smtps://\n"
                        + "svc.notifications.max-attempts must be at least 1, got 0");
    }

    @Test
    void aLeaseShorterThanAnAttemptIsRefused() {
        assertThatThrownBy(() -> read(Map.of("svc.notifications.lease", "10s")))
                .hasMessageContaining("svc.notifications.lease (PT10S) must be at least twice");
    }

    @Test
    void backOffDoublesFromTheMinimumUpToTheMaximum() {
        NotificationSettings s =
                read(Map.of("svc.notifications.backoff-min", "5s", "svc.notifications.backoff-max", "30s"));
        assertThat(s.backoff(1)).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.backoff(2)).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.backoff(3)).isEqualTo(Duration.ofSeconds(20));
        assertThat(s.backoff(4)).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.backoff(40)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aStartWarnsAboutChannelsItCannotServe() {
        NotificationSettings s = read(Map.of(
                "svc.notifications.channels", "webhook:https://hooks.example.com/svc, email:ops@example.com",
                "svc.governance.egress-allowlist", "api.example.org"));
        assertThat(s.warnings())
                .containsExactly(
                        "SVC_NOTIFY_CHANNELS names a webhook but SVC_WEBHOOK_SECRET is not set: webhook deliveries "
                                + "will fail until it is",
                        "SVC_NOTIFY_CHANNELS names an e-mail address but SVC_SMTP_URL is not set: e-mail deliveries "
                                + "will fail until it is",
                        "notify channel webhook:https://hooks.example.com/svc is refused by the egress allowlist: "
                                + "host hooks.example.com is not on the egress allowlist [api.example.org]");
    }

    @Test
    void theSmtpUrlCarriesTlsAndCredentialsWithoutShowingThePassword() {
        SmtpServer plain = SmtpServer.parse("smtp://mail.example.com:2525");
        assertThat(plain).isEqualTo(new SmtpServer(false, "mail.example.com", 2525, null, null));
        SmtpServer tls = SmtpServer.parse("smtps://svc%40corp:p%3Ass@mail.example.com");
        assertThat(tls.tls()).isTrue();
        assertThat(tls.port()).isEqualTo(465);
        assertThat(tls.user()).isEqualTo("svc@corp");
        assertThat(tls.password()).isEqualTo("p:ss");
        assertThat(tls.toString())
                .isEqualTo("smtps://svc@corp:***@mail.example.com:465")
                .doesNotContain("p:ss");
    }
}
