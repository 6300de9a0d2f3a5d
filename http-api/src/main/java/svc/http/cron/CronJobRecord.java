package svc.http.cron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.config.Json;
import svc.core.cron.CronJob;

/** A cron job as the API answers it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record CronJobRecord(
        String name,
        String schedule,
        String timezone,
        String kind,
        JsonNode params,
        String createdBy,
        Instant createdAt,
        Instant lastSlot) {

    static CronJobRecord of(CronJob j) {
        return new CronJobRecord(
                j.name(),
                j.schedule(),
                j.timezone(),
                j.kind(),
                Json.parse(j.params()),
                j.createdBy(),
                j.createdAt(),
                j.lastSlot());
    }
}
