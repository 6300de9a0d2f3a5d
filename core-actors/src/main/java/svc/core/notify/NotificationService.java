package svc.core.notify;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import svc.persistence.crypto.ColumnSeal;
import svc.persistence.notifications.AttemptRow;
import svc.persistence.notifications.NotificationRepository;
import svc.persistence.notifications.NotificationRow;

/** Reads the outbox for the API, and tells listeners (the metrics) about each attempt made on this node. */
public final class NotificationService {

    /** Told after each recorded attempt; must not block. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param channel {@code webhook} or {@code email}
         * @param outcome {@code delivered}, {@code retry} or {@code failed}
         */
        void attempted(String channel, String outcome);
    }

    /** One delivery and its attempts, oldest first. */
    public record Delivery(NotificationRow row, List<AttemptRow> attempts) {}

    /** A page of deliveries and how many match in all. */
    public record Listing(List<Delivery> items, int total) {}

    private final DataSource dataSource;
    private final Executor jdbc;
    private final NotificationSettings settings;
    private final NotificationRepository repository;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    NotificationService(DataSource dataSource, ColumnSeal columns, Executor jdbc, NotificationSettings settings) {
        this.dataSource = dataSource;
        this.repository = new NotificationRepository(columns);
        this.jdbc = jdbc;
        this.settings = settings;
    }

    public NotificationSettings settings() {
        return settings;
    }

    public void listen(Listener listener) {
        listeners.add(listener);
    }

    void attempted(String channel, Outcome.Kind outcome) {
        listeners.forEach(l -> l.attempted(channel, outcome.wireName()));
    }

    /** Newest first; null filters match everything. */
    public CompletionStage<Listing> list(String state, String runId, String gateId, int limit, int offset) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try (Connection c = dataSource.getConnection()) {
                        List<NotificationRow> rows = repository.list(c, state, runId, gateId, limit, offset);
                        Map<String, List<AttemptRow>> attempts = repository.attempts(
                                c,
                                rows.stream().map(NotificationRow::deliveryId).toList());
                        return new Listing(
                                rows.stream()
                                        .map(r -> new Delivery(r, attempts.getOrDefault(r.deliveryId(), List.of())))
                                        .toList(),
                                repository.count(c, state, runId, gateId));
                    } catch (SQLException e) {
                        throw new IllegalStateException("could not read the notifications: " + e.getMessage(), e);
                    }
                },
                jdbc);
    }
}
