package svc.governance.pii;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates that name at least a month, in the forms English text uses: {@code 2024-05-17},
 * {@code 2024/5/17}, {@code 05/17/2024}, {@code 17.05.2024}, {@code 5/17/24}, {@code May 17, 2024},
 * {@code 17 May 2024}, {@code 3rd of March}, {@code May 2024}, {@code March 15}. Every candidate
 * is checked as a calendar date (month 1-12, a day the month has; a numeric date is kept if
 * either the month-first or the day-first reading is valid). A bare year is not a date here:
 * HIPAA Safe Harbor keeps years. Two-digit years only with slashes ({@code 3.10.12} is a version
 * number far more often than a date). Month names must be capitalised, so the verb "may" is not
 * a month.
 */
final class DateRecognizer implements Recognizer {

    private static final String MONTH = "(?<![A-Za-z])(?<month>January|February|March|April|May|June|July|August"
            + "|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)(?![A-Za-z])\\.?";
    private static final String DAY = "(?<day>\\d{1,2})(?:st|nd|rd|th)?";
    private static final String YEAR = "(?<year>(?:18|19|20|21)\\d\\d)(?!\\d)";

    private static final List<Pattern> NAMED = List.of(
            Pattern.compile(MONTH + "\\s+" + DAY + "(?:,\\s*|\\s+)" + YEAR),
            Pattern.compile("(?<![\\w.])" + DAY + "(?:\\s+of)?\\s+" + MONTH + ",?\\s+" + YEAR),
            Pattern.compile(MONTH + ",?\\s+" + YEAR),
            Pattern.compile(MONTH + "\\s+" + DAY + "(?![\\d:.,]\\d|\\d|[A-Za-z])"),
            Pattern.compile("(?<![\\w.])" + DAY + "\\s+(?:of\\s+)?" + MONTH));
    private static final Pattern ISO = Pattern.compile(
            "(?<![\\w./-])(?<year>(?:18|19|20|21)\\d\\d)(?<sep>[-/.])(?<a>\\d{1,2})\\k<sep>(?<b>\\d{1,2})"
                    + "(?!\\d|[./-]\\d)");
    private static final Pattern NUMERIC = Pattern.compile(
            "(?<![\\w./-])(?<a>\\d{1,2})(?<sep>[-/.])(?<b>\\d{1,2})\\k<sep>(?<year>\\d{4}|\\d{2})(?!\\d|[./-]\\d)");
    private static final List<String> MONTHS =
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");
    private static final int[] DAYS = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    private final double confidence;

    DateRecognizer(double confidence) {
        this.confidence = confidence;
    }

    @Override
    public PiiType type() {
        return PiiType.DATE;
    }

    @Override
    public List<PiiEntity> find(String text) {
        List<PiiEntity> candidates = new ArrayList<>();
        for (Pattern p : NAMED) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                int month = MONTHS.indexOf(m.group("month").substring(0, 3).toLowerCase(Locale.ROOT)) + 1;
                String day = group(m, "day");
                if (day == null || validDay(month, Integer.parseInt(day))) {
                    candidates.add(entity(m));
                }
            }
        }
        Matcher iso = ISO.matcher(text);
        while (iso.find()) {
            if (validDay(Integer.parseInt(iso.group("a")), Integer.parseInt(iso.group("b")))) {
                candidates.add(entity(iso));
            }
        }
        Matcher numeric = NUMERIC.matcher(text);
        while (numeric.find()) {
            int a = Integer.parseInt(numeric.group("a"));
            int b = Integer.parseInt(numeric.group("b"));
            boolean shortYear = numeric.group("year").length() == 2;
            boolean yearOk = shortYear ? numeric.group("sep").equals("/") : plausibleYear(numeric.group("year"));
            if (yearOk && (validDay(a, b) || validDay(b, a))) {
                candidates.add(entity(numeric));
            }
        }
        // Longest first at each start, then drop whatever overlaps an entity already kept.
        candidates.sort(Comparator.comparingInt(PiiEntity::start).thenComparing(e -> -e.length()));
        List<PiiEntity> out = new ArrayList<>();
        int end = -1;
        for (PiiEntity e : candidates) {
            if (e.start() >= end) {
                out.add(e);
                end = e.end();
            }
        }
        return out;
    }

    private PiiEntity entity(Matcher m) {
        String s = m.group();
        // A trailing abbreviation dot ("Sept.") belongs to the sentence as often as to the month.
        int end = s.endsWith(".") ? m.end() - 1 : m.end();
        return new PiiEntity(PiiType.DATE, m.start(), end, m.group().substring(0, end - m.start()), confidence);
    }

    private static String group(Matcher m, String name) {
        try {
            return m.group(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean plausibleYear(String year) {
        int y = Integer.parseInt(year);
        return y >= 1800 && y <= 2199;
    }

    private static boolean validDay(int month, int day) {
        return month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1];
    }
}
