package svc.core.run;

import java.util.List;

/** Failures of run operations that a caller (the API, the CLI) turns into a user's answer. */
public final class RunErrors {

    private RunErrors() {}

    /** No such run or gate (or none the caller may see). */
    public static final class NotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public NotFound(String message) {
            super(message);
        }
    }

    /** The request is malformed; every problem is listed. */
    public static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final List<String> problems;

        public Invalid(List<String> problems) {
            super(String.join("; ", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    /** The request is well-formed but the run's state refuses it (cancel a finished run). */
    public static final class Conflict extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Conflict(String message) {
            super(message);
        }
    }
}
