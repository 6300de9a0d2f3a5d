package svc.library.roster;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The three tiers of the hierarchy; delegation flows director to coordinators to workers. */
public enum Tier {
    DIRECTOR,
    COORDINATOR,
    WORKER;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Tier> fromId(String id) {
        return Arrays.stream(values()).filter(t -> t.id().equals(id)).findFirst();
    }

    public static String ids() {
        return Arrays.stream(values()).map(Tier::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
