package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the notification endpoint. */
final class NotificationSchemas {

    private NotificationSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put(
                "DeliveryAttempt",
                object(
                        new String[] {"attempt", "at", "outcome"},
                        "attempt",
                        Schema.of("integer"),
                        "at",
                        Schema.dateTime(),
                        "outcome",
                        Schema.enumOf("delivered", "retry", "failed"),
                        "status",
                        nullableString("HTTP status (HTTP 200) or SMTP reply (SMTP 250 ...); null when none came"),
                        "error",
                        nullableString("why it did not succeed")));
        s.put(
                "Delivery",
                object(
                        new String[] {"delivery_id", "event", "run_id", "channel", "state", "attempts", "created_at"},
                        "delivery_id",
                        Schema.string("the same on every attempt (X-Svc-Delivery): receivers drop duplicates by it"),
                        "event",
                        Schema.enumOf("gate_created", "gate_escalated", "gate_expired", "budget_paused"),
                        "run_id",
                        Schema.of("string"),
                        "gate_id",
                        Schema.of("string").orNull(),
                        "channel",
                        Schema.string("webhook:<url> or email:<address>"),
                        "state",
                        Schema.enumOf("pending", "retrying", "delivered", "failed"),
                        "attempts",
                        Schema.of("integer"),
                        "created_at",
                        Schema.dateTime(),
                        "next_attempt_at",
                        Schema.dateTime().orNull(),
                        "last_attempt_at",
                        Schema.dateTime().orNull(),
                        "delivered_at",
                        Schema.dateTime().orNull(),
                        "last_status",
                        Schema.of("string").orNull(),
                        "last_error",
                        Schema.of("string").orNull(),
                        "history",
                        Schema.array(Schema.ref("DeliveryAttempt"))));
        s.put(
                "DeliveryList",
                object(
                        new String[] {"items", "total", "limit", "offset"},
                        "items",
                        Schema.array(Schema.ref("Delivery")),
                        "total",
                        Schema.of("integer"),
                        "limit",
                        Schema.of("integer"),
                        "offset",
                        Schema.of("integer")));
        return s;
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }

    private static Schema nullableString(String description) {
        return Schema.string(description).orNull();
    }
}
