package svc.library.asset;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The kinds of asset on the shelf; the id is both the reference prefix and the folder name. */
public enum AssetKind {
    WORKFLOW("workflow"),
    ROSTER("roster"),
    TEMPLATE("template");

    private final String id;

    AssetKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optional<AssetKind> fromId(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }

    /** The ids, comma-separated, for error messages. */
    public static String ids() {
        return Arrays.stream(values()).map(AssetKind::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
