package svc.http.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import svc.core.registry.ModelRegistry;

/**
 * Two models side by side ({@code a}, {@code b}: the model, its test figures and the split they
 * are on). {@code comparable} when both were tested on the same rows for the same target, and
 * then {@code differences} per metric ({@code b - a}, which is better); {@code reason} says so,
 * or why not.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record ComparisonRecord(
        Side a, Side b, boolean sameTestSplit, boolean comparable, String reason, List<Difference> differences) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Side(ModelRecord model, JsonNode partition, String note) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Difference(String metric, double a, double b, double difference, String better) {}

    static ComparisonRecord of(ModelRegistry.Comparison c) {
        return new ComparisonRecord(
                side(c.a()),
                side(c.b()),
                c.sameTestSplit(),
                c.comparable(),
                c.reason(),
                c.differences().stream()
                        .map(d -> new Difference(d.metric(), d.a(), d.b(), d.difference(), d.better()))
                        .toList());
    }

    private static Side side(ModelRegistry.Side s) {
        return new Side(ModelRecord.of(s.summary()), s.partition(), s.note());
    }
}
