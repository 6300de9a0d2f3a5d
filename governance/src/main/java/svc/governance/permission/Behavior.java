package svc.governance.permission;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What a rule (and a decision) says about a tool call. */
public enum Behavior {
    ALLOW,
    DENY,
    ASK;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code allow|deny|ask} (any case); the message names the accepted values. */
    @JsonCreator
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
