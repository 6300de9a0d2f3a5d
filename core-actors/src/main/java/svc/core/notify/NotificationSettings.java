package svc.core.notify;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;
import svc.library.workflow.NotifyChannel;

/**
 * The settings of {@code svc.notifications} (and the egress allowlist of
 * {@code svc.governance.egress-allowlist}), read once at start. {@link #fromConfig} refuses a
 * configuration it cannot honour with one line per problem.
 *
 * @param channels the server's channels ({@code SVC_NOTIFY_CHANNELS}): they receive every
 *     notification, a gate's and a budget pause's
 * @param webhookSecret the HMAC key of webhook signatures ({@code SVC_WEBHOOK_SECRET}); empty: webhooks fail
 * @param smtp the relay ({@code SVC_SMTP_URL}); empty: e-mails fail
 * @param linkBase put before the API paths in messages ({@code SVC_PUBLIC_URL}), e.g. {@code https://svc.corp}
 * @param egress G1 as tools see it; an empty allowlist checks nothing, as for tools
 */
public record NotificationSettings(
        List<NotifyChannel> channels,
        String webhookSecret,
        Optional<SmtpServer> smtp,
        String smtpFrom,
        String linkBase,
        EgressPolicy egress,
        Duration pollInterval,
        int batchSize,
        int maxAttempts,
        Duration backoffMin,
        Duration backoffMax,
        Duration lease,
        Duration connectTimeout,
        Duration requestTimeout) {

    /** The dispatcher (thread pool) deliveries run on; blocking I/O never touches the default one. */
    public static final String DISPATCHER = "svc.notifications.dispatcher";

    public NotificationSettings {
        channels = List.copyOf(channels);
    }

    public static NotificationSettings fromConfig(Config config) {
        Config n = config.getConfig("svc.notifications");
        List<String> problems = new ArrayList<>();
        List<NotifyChannel> channels = new ArrayList<>();
        for (String entry : n.getString("channels").split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            try {
                NotifyChannel c = NotifyChannel.parse(entry);
                if (c.deliverable()) {
                    channels.add(c);
                } else {
                    problems.add("SVC_NOTIFY_CHANNELS: '" + c.wire()
                            + "' names no recipient; write webhook:<url> or email:<address>");
                }
            } catch (IllegalArgumentException e) {
                problems.add("SVC_NOTIFY_CHANNELS: " + e.getMessage());
            }
        }
        Optional<SmtpServer> smtp = Optional.empty();
        String smtpUrl = n.getString("smtp-url");
        if (!smtpUrl.isBlank()) {
            try {
                smtp = Optional.of(SmtpServer.parse(smtpUrl));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        EgressPolicy egress = new EgressPolicy(EgressAllowlist.none());
        try {
            egress = new EgressPolicy(EgressAllowlist.parse(config.getString("svc.governance.egress-allowlist")));
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        int batch = n.getInt("batch-size");
        int attempts = n.getInt("max-attempts");
        Duration min = n.getDuration("backoff-min");
        Duration max = n.getDuration("backoff-max");
        Duration lease = n.getDuration("lease");
        Duration connect = n.getDuration("connect-timeout");
        Duration request = n.getDuration("request-timeout");
        if (batch < 1) {
            problems.add("svc.notifications.batch-size must be at least 1, got " + batch);
        }
        if (attempts < 1) {
            problems.add("svc.notifications.max-attempts must be at least 1, got " + attempts);
        }
        if (min.isZero() || min.isNegative() || max.compareTo(min) < 0) {
            problems.add("svc.notifications.backoff-min must be positive and at most backoff-max");
        }
        // A lease shorter than one attempt would let a second dispatcher send the same row meanwhile.
        if (lease.compareTo(connect.plus(request).multipliedBy(2)) < 0) {
            problems.add("svc.notifications.lease (" + lease + ") must be at least twice connect-timeout plus "
                    + "request-timeout (" + connect.plus(request).multipliedBy(2) + ")");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("\n", problems));
        }
        return new NotificationSettings(
                channels,
                n.getString("webhook-secret"),
                smtp,
                n.getString("smtp-from"),
                stripSlash(n.getString("link-base")),
                egress,
                n.getDuration("poll-interval"),
                batch,
                attempts,
                min,
                max,
                lease,
                connect,
                request);
    }

    /** How long after its {@code attempts}-th failed attempt a delivery is tried again: doubling, capped. */
    public Duration backoff(int attempts) {
        Duration wait = backoffMin;
        for (int i = 1; i < attempts && wait.compareTo(backoffMax) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(backoffMax) > 0 ? backoffMax : wait;
    }

    /** What a server should warn about at start: channels it has no means to deliver. */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        boolean webhooks = channels.stream().anyMatch(c -> c.kind() == NotifyChannel.Kind.WEBHOOK);
        boolean emails = channels.stream().anyMatch(c -> c.kind() == NotifyChannel.Kind.EMAIL);
        if (webhooks && webhookSecret.isEmpty()) {
            out.add("SVC_NOTIFY_CHANNELS names a webhook but SVC_WEBHOOK_SECRET is not set: "
                    + "webhook deliveries will fail until it is");
        }
        if (emails && smtp.isEmpty()) {
            out.add("SVC_NOTIFY_CHANNELS names an e-mail address but SVC_SMTP_URL is not set: "
                    + "e-mail deliveries will fail until it is");
        }
        if (!egress.allowlist().isEmpty()) {
            for (NotifyChannel c : channels) {
                EgressPolicy.UrlCheck check = c.kind() == NotifyChannel.Kind.WEBHOOK
                        ? egress.check(c.target())
                        : smtp.map(s -> egress.checkHost(s.host())).orElse(null);
                if (check != null && !check.allowed()) {
                    out.add("notify channel " + c.wire() + " is refused by the egress allowlist: " + check.reason());
                }
            }
        }
        return out;
    }

    private static String stripSlash(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
