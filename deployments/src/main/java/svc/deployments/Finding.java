package svc.deployments;

import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;

/**
 * One problem a reviewer would raise about a deployment directory.
 *
 * <p>Printed as {@code error: deployment.yaml line 3: ...}: the severity first so that
 * {@code grep ^error} finds the blockers, then the file inside the deployment directory, then
 * the line when the problem sits at one, then what is wrong and what to write instead.
 *
 * @param file    path inside the deployment directory, e.g. {@code deployment.yaml}
 * @param line    1-based line in {@code file}, or 0 when the problem concerns the whole file
 */
public record Finding(Severity severity, String file, int line, String message) {

    /** File order, then line order: the order a person fixing the file walks it. */
    public static final Comparator<Finding> READING_ORDER =
            Comparator.comparing(Finding::file).thenComparingInt(Finding::line);

    public enum Severity {
        /** Blocks shipping and booting: the deployment would not do what it says. */
        ERROR,
        /** Ships, but a reviewer should look: a weaker setting than the template's, a missing README. */
        WARNING;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Finding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    public static Finding error(String file, int line, String message) {
        return new Finding(Severity.ERROR, file, line, message);
    }

    public static Finding warning(String file, int line, String message) {
        return new Finding(Severity.WARNING, file, line, message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return severity.id() + ": " + file + (line > 0 ? " line " + line : "") + ": " + message;
    }
}
