package svc.core.notify;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import svc.config.Json;
import svc.library.workflow.NotifyChannel;
import svc.persistence.crypto.ColumnSeal;
import svc.persistence.notifications.NotificationRepository;
import svc.persistence.notifications.NotificationRow;

/**
 * The writing side of the outbox, called by the run projection inside its transaction: one row
 * per (run event, channel). A gate's channels are its own targeted ones ({@code webhook:<url>},
 * {@code email:<address>}) and the server's ({@code SVC_NOTIFY_CHANNELS}), each once; bare kinds
 * ({@code email}, {@code dashboard}) add nothing. A budget pause goes to the server's channels.
 * The row's key is the run, the event's sequence number and the channel, and its delivery id is
 * derived from them: a replayed event finds its rows and writes nothing.
 */
public final class NotificationOutbox {

    private final List<NotifyChannel> serverChannels;
    private final NotificationRepository repository;

    public NotificationOutbox(List<NotifyChannel> serverChannels, ColumnSeal columns) {
        this.serverChannels = List.copyOf(serverChannels);
        this.repository = new NotificationRepository(columns);
    }

    /**
     * Writes the rows {@code notice} owes; returns how many were new.
     *
     * @param eventSeq the event's sequence number in the run's journal
     * @param gateChannels the gate's {@code notify_channels} as stored (empty for a budget pause)
     */
    public int owe(Connection c, long eventSeq, Notice notice, List<String> gateChannels, Instant now)
            throws SQLException {
        String payload = Json.write(notice);
        int written = 0;
        for (String channel : channels(gateChannels)) {
            NotificationRow row = NotificationRow.owed(
                    deliveryId(notice.runId(), eventSeq, channel),
                    notice.runId(),
                    eventSeq,
                    notice.event(),
                    notice.gateId(),
                    channel,
                    payload,
                    now);
            if (repository.insert(c, row)) {
                written++;
            }
        }
        return written;
    }

    /** The channels a notice goes to, in order, each once. */
    Set<String> channels(List<String> gateChannels) {
        Set<String> out = new LinkedHashSet<>();
        for (String raw : gateChannels) {
            try {
                NotifyChannel c = NotifyChannel.parse(raw);
                if (c.deliverable()) {
                    out.add(c.wire());
                }
            } catch (IllegalArgumentException e) {
                // A gate stored before channels were checked: its row fails visibly at delivery.
                out.add(raw.strip());
            }
        }
        serverChannels.forEach(c -> out.add(c.wire()));
        return out;
    }

    /** The same id for the same run event and channel, whoever computes it. */
    static String deliveryId(String runId, long eventSeq, String channel) {
        return UUID.nameUUIDFromBytes((runId + "|" + eventSeq + "|" + channel).getBytes(StandardCharsets.UTF_8))
                .toString();
    }
}
