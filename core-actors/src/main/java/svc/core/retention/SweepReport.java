package svc.core.retention;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one sweep deleted (or, dry, would delete), and what it could not.
 *
 * @param at the time the sweep ran at (what ages were measured against)
 * @param failures one line per run or group a pruner could not finish; retried next sweep
 */
public record SweepReport(Instant at, boolean dryRun, List<Deletion> deletions, List<String> failures) {

    public SweepReport {
        deletions = List.copyOf(deletions);
        failures = List.copyOf(failures);
    }

    /** Files and rows by artefact kind. */
    public Map<String, Long> totals() {
        Map<String, Long> totals = new TreeMap<>();
        deletions.forEach(d -> totals.merge(d.artefactKind(), d.count(), Long::sum));
        return totals;
    }
}
