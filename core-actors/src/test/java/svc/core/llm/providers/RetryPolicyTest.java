package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    @Test
    void fullJitterStaysUnderADoublingCappedCeiling() {
        RetryPolicy top = new RetryPolicy(5, Duration.ofMillis(500), Duration.ofSeconds(3), () -> 0.999999);
        assertThat(top.delay(0, Optional.empty())).isEqualTo(Duration.ofMillis(499));
        assertThat(top.delay(1, Optional.empty())).isEqualTo(Duration.ofMillis(999));
        assertThat(top.delay(2, Optional.empty())).isEqualTo(Duration.ofMillis(1999));
        assertThat(top.delay(3, Optional.empty())).isEqualTo(Duration.ofMillis(2999));
        assertThat(top.delay(40, Optional.empty())).isEqualTo(Duration.ofMillis(2999));
        RetryPolicy bottom = new RetryPolicy(5, Duration.ofMillis(500), Duration.ofSeconds(3), () -> 0.0);
        assertThat(bottom.delay(3, Optional.empty())).isZero();
    }

    @Test
    void retryAfterWinsUpToTheCap() {
        RetryPolicy p = new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(60), () -> 0.5);
        assertThat(p.delay(0, Optional.of(Duration.ofSeconds(7)))).isEqualTo(Duration.ofSeconds(7));
        assertThat(p.delay(0, Optional.of(Duration.ofMinutes(10)))).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void readsRetryAfterAsSecondsOrAnHttpDate() {
        Clock clock = Clock.fixed(Instant.parse("2015-10-21T07:28:00Z"), ZoneOffset.UTC);
        assertThat(RetryAfter.parse("120", clock)).contains(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse("Wed, 21 Oct 2015 07:28:30 GMT", clock)).contains(Duration.ofSeconds(30));
        assertThat(RetryAfter.parse("Wed, 21 Oct 2015 07:27:00 GMT", clock)).contains(Duration.ZERO);
        assertThat(RetryAfter.parse("soon", clock)).isEmpty();
    }
}
