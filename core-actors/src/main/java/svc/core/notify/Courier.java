package svc.core.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.library.workflow.NotifyChannel;
import svc.persistence.crypto.ColumnSeal;
import svc.persistence.notifications.AttemptRow;
import svc.persistence.notifications.NotificationRepository;
import svc.persistence.notifications.NotificationRow;

/**
 * Makes one attempt at one outbox row: claims it (a lease, so no other dispatcher sends it
 * meanwhile), sends it on its channel, and records the attempt and the row's new state in one
 * transaction. A crash between sending and recording leaves the row to be sent again when the
 * lease runs out: delivery is at least once, and the delivery id tells a receiver it has seen it.
 * Blocking: called on the notification dispatcher.
 */
final class Courier {

    private static final Logger LOG = LoggerFactory.getLogger(Courier.class);

    private final DataSource dataSource;
    private final NotificationSettings settings;
    private final Clock clock;
    private final String owner;
    private final WebhookSender webhooks;
    private final EmailSender emails;
    private final BiConsumer<String, Outcome.Kind> listener;
    private final NotificationRepository repository;

    /**
     * @param owner this dispatcher's name in the lease column
     * @param listener told (channel kind, outcome) after each recorded attempt
     */
    Courier(
            DataSource dataSource,
            NotificationSettings settings,
            Clock clock,
            ColumnSeal columns,
            String owner,
            BiConsumer<String, Outcome.Kind> listener) {
        this.dataSource = dataSource;
        this.repository = new NotificationRepository(columns);
        this.settings = settings;
        this.clock = clock;
        this.owner = owner;
        NoticeText text = new NoticeText(settings.linkBase());
        this.webhooks = new WebhookSender(settings, text, clock);
        this.emails = new EmailSender(settings, text);
        this.listener = listener;
    }

    int batchSize() {
        return settings.batchSize();
    }

    /** The rows due now, oldest first, at most a batch. */
    List<NotificationRow> due() {
        try (Connection c = dataSource.getConnection()) {
            return repository.due(c, clock.instant(), settings.batchSize());
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the notification outbox: " + e.getMessage(), e);
        }
    }

    /** One attempt at {@code row}, unless another dispatcher holds it; never throws. */
    void attempt(NotificationRow due) {
        try {
            Instant now = clock.instant();
            NotificationRow row;
            try (Connection c = dataSource.getConnection()) {
                Optional<NotificationRow> claimed =
                        repository.claim(c, due.deliveryId(), owner, now, now.plus(settings.lease()));
                if (claimed.isEmpty()) {
                    return;
                }
                row = claimed.get();
            }
            int attempt = row.attempts() + 1;
            Outcome outcome = send(row, attempt);
            Instant at = clock.instant();
            String state;
            Instant next = null;
            Outcome.Kind kind = outcome.kind();
            String error = outcome.error();
            switch (outcome.kind()) {
                case DELIVERED -> state = NotificationRow.DELIVERED;
                case FAILED -> state = NotificationRow.FAILED;
                default -> {
                    if (attempt >= settings.maxAttempts()) {
                        state = NotificationRow.FAILED;
                        kind = Outcome.Kind.FAILED;
                        error = "gave up after " + attempt + " attempts; last: " + error;
                    } else {
                        state = NotificationRow.RETRYING;
                        next = at.plus(settings.backoff(attempt));
                    }
                }
            }
            AttemptRow record = new AttemptRow(row.deliveryId(), attempt, at, kind.wireName(), outcome.status(), error);
            boolean recorded;
            try (Connection c = dataSource.getConnection()) {
                recorded = repository.recordAttempt(c, owner, record, state, next);
            }
            if (!recorded) {
                LOG.warn(
                        "notification {} was attempted after its lease ran out; the attempt is not recorded",
                        row.deliveryId());
                return;
            }
            if (!NotificationRow.DELIVERED.equals(state)) {
                LOG.warn(
                        "notification {} ({} of run {}) to {}: {} after attempt {}: {}",
                        row.deliveryId(),
                        row.eventKind(),
                        row.runId(),
                        row.channel(),
                        state,
                        attempt,
                        error);
            }
            listener.accept(kindOf(row.channel()), kind);
        } catch (RuntimeException | SQLException e) {
            LOG.error("notification {} could not be attempted: {}", due.deliveryId(), e.toString());
        }
    }

    private Outcome send(NotificationRow row, int attempt) {
        NotifyChannel channel;
        try {
            channel = NotifyChannel.parse(row.channel());
        } catch (IllegalArgumentException e) {
            return Outcome.failed(null, e.getMessage());
        }
        Notice notice;
        try {
            notice = Json.MAPPER.readValue(row.payload(), Notice.class);
        } catch (JsonProcessingException e) {
            return Outcome.failed(null, "the stored notice cannot be read: " + e.getOriginalMessage());
        }
        return switch (channel.kind()) {
            case WEBHOOK -> webhooks.send(channel.target(), row.deliveryId(), attempt, notice);
            case EMAIL -> emails.send(channel.target(), row.deliveryId(), notice);
            default -> Outcome.failed(null, "channel " + row.channel() + " delivers nothing");
        };
    }

    /** The metric label: the channel's kind, never its URL or address. */
    static String kindOf(String channel) {
        int colon = channel.indexOf(':');
        String kind = colon < 0 ? channel : channel.substring(0, colon);
        return kind.equals("webhook") || kind.equals("email") ? kind : "other";
    }
}
