package svc.http.notifications;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.List;
import svc.core.notify.NotificationService;
import svc.persistence.notifications.AttemptRow;
import svc.persistence.notifications.NotificationRow;

/** One delivery as the API shows it: what, to which channel, its state and every attempt. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record DeliveryRecord(
        String deliveryId,
        String event,
        String runId,
        String gateId,
        String channel,
        String state,
        int attempts,
        Instant createdAt,
        Instant nextAttemptAt,
        Instant lastAttemptAt,
        Instant deliveredAt,
        String lastStatus,
        String lastError,
        List<Attempt> history) {

    /** One attempt: when, how it ended, the HTTP status or SMTP reply, the error. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Attempt(int attempt, Instant at, String outcome, String status, String error) {

        static Attempt of(AttemptRow a) {
            return new Attempt(a.attempt(), a.at(), a.outcome(), a.status(), a.error());
        }
    }

    static DeliveryRecord of(NotificationService.Delivery d) {
        NotificationRow r = d.row();
        boolean live = r.state().equals(NotificationRow.PENDING) || r.state().equals(NotificationRow.RETRYING);
        return new DeliveryRecord(
                r.deliveryId(),
                r.eventKind(),
                r.runId(),
                r.gateId(),
                shown(r.channel()),
                r.state(),
                r.attempts(),
                r.createdAt(),
                live ? r.nextAttemptAt() : null,
                r.lastAttemptAt(),
                r.deliveredAt(),
                r.lastStatus(),
                r.lastError(),
                d.attempts().stream().map(Attempt::of).toList());
    }

    /** A webhook URL's user and password (if any) are not shown. */
    static String shown(String channel) {
        if (!channel.startsWith("webhook:")) {
            return channel;
        }
        try {
            URI uri = new URI(channel.substring("webhook:".length()));
            if (uri.getRawUserInfo() == null) {
                return channel;
            }
            return "webhook:"
                    + new URI(
                            uri.getScheme(), "***", uri.getHost(), uri.getPort(), uri.getPath(), uri.getQuery(), null);
        } catch (URISyntaxException e) {
            return channel;
        }
    }
}
