package svc.library.asset;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A pinned semantic version {@code vX.Y.Z}; ordered numerically, so v1.10.0 follows v1.9.0. */
public record Version(int major, int minor, int patch) implements Comparable<Version> {

    private static final Pattern FORMAT = Pattern.compile("v(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})");
    private static final Comparator<Version> ORDER = Comparator.comparingInt(Version::major)
            .thenComparingInt(Version::minor)
            .thenComparingInt(Version::patch);

    public Version {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException(
                    "version numbers must not be negative: " + major + "." + minor + "." + patch);
        }
    }

    /**
     * Parses {@code vX.Y.Z}.
     *
     * @throws IllegalArgumentException saying what the format is
     */
    public static Version parse(String text) {
        Matcher m = text == null ? null : FORMAT.matcher(text);
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a version: expected vX.Y.Z, "
                    + "three non-negative integers without leading zeros, e.g. v1.0.0");
        }
        return new Version(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    @Override
    public int compareTo(Version other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return "v" + major + "." + minor + "." + patch;
    }
}
