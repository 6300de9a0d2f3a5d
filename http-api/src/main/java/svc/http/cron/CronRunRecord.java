package svc.http.cron;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.core.cron.CronRun;

/** One entry of a job's history: {@code status}, {@code duration_ms}, {@code output}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record CronRunRecord(
        long id,
        String name,
        Instant slot,
        String trigger,
        String status,
        Instant startedAt,
        long durationMs,
        String output) {

    static CronRunRecord of(CronRun r) {
        return new CronRunRecord(
                r.id(), r.name(), r.slot(), r.trigger(), r.status(), r.startedAt(), r.durationMs(), r.output());
    }
}
