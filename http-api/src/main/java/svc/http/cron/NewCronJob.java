package svc.http.cron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import svc.http.server.Fields;

/** The body of {@code POST /api/v1/cron}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record NewCronJob(String name, String schedule, String timezone, String kind, JsonNode params) {

    NewCronJob {
        Fields.required("name", name);
        Fields.required("schedule", schedule);
        Fields.required("kind", kind);
    }
}
