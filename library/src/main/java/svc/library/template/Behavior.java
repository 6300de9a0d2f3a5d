package svc.library.template;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a permission rule does when it matches a tool call. */
public enum Behavior {
    ALLOW,
    DENY,
    ASK;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Behavior> fromId(String id) {
        return Arrays.stream(values()).filter(b -> b.id().equals(id)).findFirst();
    }
}
