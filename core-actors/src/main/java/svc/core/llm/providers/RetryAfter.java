package svc.core.llm.providers;

import java.net.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Reads how long a vendor asks us to wait: {@code Retry-After} as delay-seconds or an HTTP date
 * (RFC 9110), or the millisecond variant {@code retry-after-ms} some vendors add.
 */
final class RetryAfter {

    private RetryAfter() {}

    static Optional<Duration> from(HttpHeaders headers, Clock clock) {
        Optional<String> millis = headers.firstValue("retry-after-ms");
        if (millis.isPresent()) {
            try {
                return Optional.of(
                        Duration.ofMillis((long) Double.parseDouble(millis.get().strip())));
            } catch (NumberFormatException e) {
                // fall through to Retry-After
            }
        }
        return headers.firstValue("retry-after").flatMap(v -> parse(v, clock));
    }

    static Optional<Duration> parse(String value, Clock clock) {
        String v = value.strip();
        try {
            return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration wait = Duration.between(clock.instant(), at.toInstant());
                return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }
}
