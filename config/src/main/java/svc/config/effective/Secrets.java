package svc.config.effective;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;

/**
 * Which keys hold secrets, and how they are shown: a secret key's value as {@code "***"} (set or
 * not, so that its length leaks nothing either), a password inside a URL's user info
 * ({@code smtps://user:pw@host}, a JDBC URL's {@code password=}) masked in place.
 */
public final class Secrets {

    public static final String MASK = "***";

    /** Last segments of keys whose values are secrets. */
    private static final Set<String> SECRET_NAMES = Set.of(
            "password",
            "secret",
            "kek",
            "previous-keks",
            "token",
            "api-keys",
            "jwt-secret",
            "webhook-secret",
            "admin-password");

    private Secrets() {}

    public static boolean isSecret(String key) {
        String last = key.substring(key.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        return SECRET_NAMES.contains(last)
                || last.endsWith("-secret")
                || last.endsWith("-password")
                || last.endsWith("-key")
                || last.endsWith("-token");
    }

    /** The value as it may be shown. */
    public static Object mask(String key, Object value) {
        if (isSecret(key)) {
            return MASK;
        }
        if (value instanceof String text && key.endsWith("url")) {
            return maskUrl(text);
        }
        return value;
    }

    static String maskUrl(String text) {
        String masked = text.replaceAll("(?i)(password=)[^&;]*", "$1" + MASK);
        try {
            URI uri = new URI(masked.startsWith("jdbc:") ? masked.substring(5) : masked);
            String info = uri.getRawUserInfo();
            if (info != null && info.contains(":")) {
                String user = info.substring(0, info.indexOf(':'));
                return masked.replace(info + "@", user + ":" + MASK + "@");
            }
        } catch (URISyntaxException e) {
            // not a URI: nothing more to find in it
        }
        return masked;
    }
}
