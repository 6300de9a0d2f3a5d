package svc.config.settings;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean" for names typed in the file. A typo such as {@code promt} must be reported, and
 * the report is only useful if it names the field the user meant.
 */
final class Suggestions {
    /** Further than this, a suggestion is more likely noise than help. */
    private static final int MAX_DISTANCE = 2;

    private Suggestions() {}

    /**
     * The candidate closest to {@code typed} (case-insensitively), if it is close enough; on a tie
     * the earlier candidate wins, so callers list the likelier names first.
     */
    static Optional<String> closest(String typed, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String lower = typed.toLowerCase(Locale.ROOT);
        for (String candidate : candidates) {
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        boolean close = bestDistance <= MAX_DISTANCE && bestDistance < typed.length();
        return close ? Optional.of(best) : Optional.empty();
    }

    /** {@code "; did you mean `x`?"} or nothing. */
    static String didYouMean(String typed, Collection<String> candidates) {
        return closest(typed, candidates)
                .map(c -> "; did you mean `" + c + "`?")
                .orElse("");
    }

    /**
     * Edit distance counting an insertion, a deletion, a substitution or a swap of two neighbouring
     * letters as one edit (optimal string alignment), so {@code modle} is one edit from
     * {@code model}, as a typist would count it.
     */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j], d[i][j - 1]) + 1);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
