package svc.governance.secrets;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One kind of credential. If the pattern has a group named {@code secret}, only that group is
 * replaced, so {@code password=hunter2} keeps its key and reads {@code password=[REDACTED_SECRET_…]}.
 */
public record SecretPattern(String id, Pattern pattern) {

    public SecretPattern {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(pattern, "pattern");
    }

    static SecretPattern of(String id, String regex) {
        return new SecretPattern(id, Pattern.compile(regex));
    }
}
