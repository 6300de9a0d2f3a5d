package svc.governance.erasure;

/**
 * The subject id of an erasure request is unusable (blank). A validation failure: the HTTP layer
 * maps it to 400 with problem type {@code validation-error}.
 */
public final class InvalidSubjectIdException extends IllegalArgumentException {

    public InvalidSubjectIdException(String message) {
        super(message);
    }

    /** Returns the id unchanged, or throws when it is null or blank. */
    public static String requireValid(String subjectId) {
        if (subjectId == null || subjectId.isBlank()) {
            throw new InvalidSubjectIdException("subject id must not be blank");
        }
        return subjectId;
    }
}
