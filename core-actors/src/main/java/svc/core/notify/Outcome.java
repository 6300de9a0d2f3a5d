package svc.core.notify;

/**
 * How one attempt at a delivery ended.
 *
 * @param status the HTTP status ({@code HTTP 200}) or SMTP reply ({@code SMTP 250 2.0.0 OK}); null
 *     when no answer came
 * @param error why it did not succeed; null when delivered
 */
public record Outcome(Kind kind, String status, String error) {

    /** Delivered; worth another attempt later; or never going to work as configured. */
    public enum Kind {
        DELIVERED,
        RETRY,
        FAILED;

        /** As the attempt log and the metric label write it. */
        public String wireName() {
            return switch (this) {
                case DELIVERED -> "delivered";
                case RETRY -> "retry";
                case FAILED -> "failed";
            };
        }
    }

    public static Outcome delivered(String status) {
        return new Outcome(Kind.DELIVERED, status, null);
    }

    public static Outcome retry(String status, String error) {
        return new Outcome(Kind.RETRY, status, error);
    }

    public static Outcome failed(String status, String error) {
        return new Outcome(Kind.FAILED, status, error);
    }
}
