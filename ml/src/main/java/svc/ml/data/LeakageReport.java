package svc.ml.data;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code leakage.json} document: the columns that give the target away and every finding
 * behind that verdict (identifiers and notes included).
 */
public record LeakageReport(@JsonProperty("leaky_columns") List<String> leakyColumns, List<LeakageFinding> findings) {

    public LeakageReport {
        leakyColumns = List.copyOf(leakyColumns);
        findings = List.copyOf(findings);
    }

    /**
     * Columns to leave out of training, each with its reason: leaks and identifiers; with
     * {@code includeAsked} also the leaks a person is asked about (after the person agreed).
     */
    public Map<String, String> drops(boolean includeAsked) {
        Map<String, String> out = new LinkedHashMap<>();
        for (LeakageFinding f : findings) {
            if (f.column() == null || out.containsKey(f.column())) {
                continue;
            }
            boolean drop = f.dropsWithoutAsking() || (includeAsked && f.action().equals(LeakageFinding.ASK));
            if (drop) {
                out.put(f.column(), f.kind() + ": " + f.message());
            }
        }
        return out;
    }

    /** The findings a person must decide on (action {@code ask}). */
    public List<LeakageFinding> asked() {
        return findings.stream()
                .filter(f -> f.action().equals(LeakageFinding.ASK))
                .toList();
    }
}
