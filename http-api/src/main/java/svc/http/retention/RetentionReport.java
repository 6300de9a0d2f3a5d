package svc.http.retention;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import svc.core.retention.Deletion;
import svc.core.retention.SweepReport;

/**
 * The answer of {@code POST /api/v1/retention/run}: what the sweep deleted (a dry run: would
 * delete), each deletion as the retention log writes it, totals by artefact kind (files and
 * rows), and what it could not prune (retried by the next sweep).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RetentionReport(
        Instant at, boolean dryRun, Map<String, Long> totals, List<Pruned> pruned, List<String> failures) {

    /** One deletion. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Pruned(
            String runId,
            String artefactKind,
            @JsonProperty("class") String retentionClass,
            int days,
            double ageDays,
            String path,
            String rows,
            long count) {

        static Pruned of(Deletion d) {
            return new Pruned(
                    d.runId(),
                    d.artefactKind(),
                    d.retentionClass(),
                    d.days(),
                    d.ageDays(),
                    d.path(),
                    d.rows(),
                    d.count());
        }
    }

    static RetentionReport of(SweepReport r) {
        return new RetentionReport(
                r.at(),
                r.dryRun(),
                r.totals(),
                r.deletions().stream().map(Pruned::of).toList(),
                r.failures());
    }
}
