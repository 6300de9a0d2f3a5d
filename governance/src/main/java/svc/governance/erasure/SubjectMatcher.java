package svc.governance.erasure;

import java.util.regex.Pattern;

/**
 * Finds a subject id in text. The id is regex-quoted (an id like {@code a.b+c} matches only
 * itself) and must stand alone: no letter, digit or underscore directly before or after, so
 * subject {@code 42} does not match {@code 1425} or {@code cust_42}.
 */
final class SubjectMatcher {

    private final Pattern pattern;

    SubjectMatcher(String subjectId) {
        this.pattern = Pattern.compile("(?<![A-Za-z0-9_])"
                + Pattern.quote(InvalidSubjectIdException.requireValid(subjectId)) + "(?![A-Za-z0-9_])");
    }

    boolean mentionedIn(String text) {
        return text != null && pattern.matcher(text).find();
    }
}
