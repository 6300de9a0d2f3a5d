package svc.http.reports;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import svc.core.reports.CostReports;

/**
 * The costs report: the range ({@code from} inclusive, {@code to} exclusive; null is open), the
 * grouping, the total and one line per group ({@code key}: the agent, run id, model or provider;
 * {@code unknown} for spend recorded before models and providers were), largest first.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
record CostReportRecord(
        Instant from, Instant to, String groupBy, String currency, double totalUsd, List<Group> groups) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Group(String key, double costUsd, int runs) {}

    static CostReportRecord of(CostReports.Report r) {
        return new CostReportRecord(
                r.from(),
                r.to(),
                r.groupBy().wireName(),
                "USD",
                r.totalUsd(),
                r.groups().stream()
                        .map(g -> new Group(g.key(), g.costUsd(), g.runs()))
                        .toList());
    }
}
