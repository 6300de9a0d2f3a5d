package svc.governance.permission;

import java.util.Locale;

/** What a rule (and a decision) says about a tool call. */
public enum Behavior {
    ALLOW, DENY, ASK;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code allow|deny|ask} (any case); the message names the accepted values. */
    public static Behavior fromWire(String name) {
        if (name != null) {
            for (Behavior b : values()) {
                if (b.wireName().equalsIgnoreCase(name.trim())) {
                    return b;
                }
            }
        }
        throw new IllegalArgumentException("behavior '" + name + "' is not one of allow, deny, ask");
    }

    @Override
    public String toString() {
        return wireName();
    }
}
