package svc.library.workflow;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The six kinds of human-in-the-loop gate a checkpoint node can open. */
public enum GateType {
    DEPLOY,
    DATA_REQUEST,
    MANUAL,
    SECURITY,
    COST,
    CUSTOM;

    /** The snake_case id used in YAML and in the approvals API's {@code type} field. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<GateType> fromId(String id) {
        return Arrays.stream(values()).filter(g -> g.id().equals(id)).findFirst();
    }

    public static String ids() {
        return Arrays.stream(values()).map(GateType::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
