package svc.governance.permission;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** API roles, ordered: each role has every capability of the roles before it. */
public enum Role {
    VIEWER,
    OPERATOR,
    ADMIN;

    public boolean atLeast(Role required) {
        return compareTo(required) >= 0;
    }

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Role fromWire(String name) {
        for (Role r : values()) {
            if (r.wireName().equalsIgnoreCase(name == null ? "" : name.trim())) {
                return r;
            }
        }
        throw new IllegalArgumentException("role '" + name + "' is not one of viewer, operator, admin");
    }

    @Override
    public String toString() {
        return wireName();
    }
}
