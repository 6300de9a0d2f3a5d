package svc.http.atrest;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.core.crypto.Reseal;

/**
 * The answer of {@code POST /api/v1/admin/at-rest/reseal}: the keys, counts per kind, how many
 * values still need a previous key ({@code left}), the failures with their reasons and a note.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ResealReport(
        boolean dryRun,
        String currentKey,
        List<String> previousKeys,
        Map<String, Counts> kinds,
        long left,
        List<String> failures,
        String note) {

    /** One kind's values: re-sealed (dry run: would be), already current, in clear, failed. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Counts(long resealed, long alreadyCurrent, long clear, long failed) {}

    static ResealReport of(Reseal.Report r) {
        Map<String, Counts> kinds = new LinkedHashMap<>();
        r.kinds().forEach((k, c) -> kinds.put(k, new Counts(c.resealed(), c.current(), c.clear(), c.failed())));
        return new ResealReport(r.dryRun(), r.currentKey(), r.previousKeys(), kinds, r.left(), r.failures(), r.note());
    }
}
