package svc.library.asset;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pinned reference to one asset version, written {@code <kind>/<name>@vX.Y.Z}
 * (see the package documentation for the exact rules).
 */
public record AssetRef(AssetKind kind, String name, Version version) {

    public static final String FORMAT = "<kind>/<name>@vX.Y.Z with kind one of " + AssetKind.ids()
            + ", name in [a-z][a-z0-9_]*, e.g. workflow/default_ml_pipeline@v1.0.0";

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    private static final Pattern SHAPE = Pattern.compile("([^/@]+)/([^/@]+)@([^/@]+)");

    public AssetRef {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(version, "version");
        if (!isValidName(name)) {
            throw new IllegalArgumentException(
                    "'" + name + "' is not a valid asset name: expected [a-z][a-z0-9_]*, at most 64 characters");
        }
    }

    /**
     * Parses a reference.
     *
     * @throws IllegalArgumentException saying what is wrong and what the format is
     */
    public static AssetRef parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty asset reference: expected " + FORMAT);
        }
        Matcher m = SHAPE.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not an asset reference: expected " + FORMAT);
        }
        AssetKind kind = AssetKind.fromId(m.group(1))
                .orElseThrow(() -> new IllegalArgumentException(
                        "'" + text + "' has unknown asset kind '" + m.group(1) + "': expected " + FORMAT));
        if (!isValidName(m.group(2))) {
            throw new IllegalArgumentException(
                    "'" + text + "' has an invalid name '" + m.group(2) + "': expected " + FORMAT);
        }
        Version version;
        try {
            version = Version.parse(m.group(3));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "'" + text + "' has an invalid version '" + m.group(3) + "': expected " + FORMAT, e);
        }
        return new AssetRef(kind, m.group(2), version);
    }

    public static boolean isValidName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** The folder of this asset relative to the library root: {@code <kind>/<name>/vX.Y.Z}. */
    public String folder() {
        return kind.id() + "/" + name + "/" + version;
    }

    @Override
    public String toString() {
        return kind.id() + "/" + name + "@" + version;
    }
}
