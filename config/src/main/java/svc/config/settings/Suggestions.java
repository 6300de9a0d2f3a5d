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

  /** The candidate closest to {@code typed} (case-insensitively), if it is close enough. */
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
    return closest(typed, candidates).map(c -> "; did you mean `" + c + "`?").orElse("");
  }

  /** Levenshtein distance with two rolling rows. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
