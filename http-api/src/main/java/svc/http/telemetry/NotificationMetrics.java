package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import svc.core.notify.NotificationService;

/**
 * {@code svc_notifications_total{channel,status}}: every delivery attempt made on this node, by
 * channel kind ({@code webhook}, {@code email}) and outcome ({@code delivered}, {@code retry}: failed
 * and tried again later, {@code failed}: given up). Attempts happen where the dispatcher singleton
 * runs, so a cluster's total is the sum over its nodes.
 */
public final class NotificationMetrics {

    private final Counter attempts;

    public NotificationMetrics(ApiMetrics metrics) {
        attempts = Counter.builder()
                .name("svc_notifications_total")
                .help("Notification delivery attempts, by channel kind and outcome")
                .labelNames("channel", "status")
                .register(metrics.registry);
    }

    /** Counts the service's attempts from now on. */
    public void attach(NotificationService notifications) {
        notifications.listen(
                (channel, outcome) -> attempts.labelValues(channel, outcome).inc());
    }
}
