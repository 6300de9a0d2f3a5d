package svc.library.roster;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The seven teams; workflow stages hand their goal to a team's coordinator. */
public enum Team {
    DATA,
    ALGORITHM,
    TRAINING,
    EVALUATION,
    DEPLOYMENT,
    QUALITY,
    MANAGEMENT;

    /** The lowercase id used in YAML and agent names. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Team> fromId(String id) {
        return Arrays.stream(values()).filter(t -> t.id().equals(id)).findFirst();
    }

    /** The ids, comma-separated, for error messages. */
    public static String ids() {
        return Arrays.stream(values()).map(Team::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
