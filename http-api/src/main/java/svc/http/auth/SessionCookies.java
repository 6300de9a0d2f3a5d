package svc.http.auth;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;

/**
 * The dashboard's two cookies: {@value #SESSION} carries the JWT (HttpOnly, so page scripts
 * never see it) and {@value #CSRF} a random token the page reads and echoes in
 * {@code X-CSRF-Token} on state-changing requests (double submit; the JWT carries the same value
 * in its {@code csrf} claim, so a planted cookie does not match a real session). Both are
 * {@code SameSite=Strict} and {@code Path=/}; {@code Secure} when the request came over https
 * (directly or, by {@code X-Forwarded-Proto}, through a TLS-terminating proxy) or the server runs
 * with {@code SVC_ENV=production}.
 */
public final class SessionCookies {

    public static final String SESSION = "svc_session";
    public static final String CSRF = "svc_csrf";
    public static final String CSRF_HEADER = "X-CSRF-Token";

    private static final SecureRandom RANDOM = new SecureRandom();

    private SessionCookies() {}

    /** 32 random bytes, URL-safe Base64: the CSRF token of a new session. */
    public static String newCsrfToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The {@code Set-Cookie} headers of a new session. */
    public static List<HttpHeader> set(String jwt, String csrf, Duration lifetime, boolean secure) {
        long maxAge = lifetime.toSeconds();
        return List.of(
                cookie(SESSION + "=" + jwt + "; Max-Age=" + maxAge + "; HttpOnly", secure),
                cookie(CSRF + "=" + csrf + "; Max-Age=" + maxAge, secure));
    }

    /** The {@code Set-Cookie} headers that make the browser drop both cookies. */
    public static List<HttpHeader> clear(boolean secure) {
        return List.of(cookie(SESSION + "=; Max-Age=0; HttpOnly", secure), cookie(CSRF + "=; Max-Age=0", secure));
    }

    private static HttpHeader cookie(String value, boolean secure) {
        return RawHeader.create("Set-Cookie", value + "; Path=/; SameSite=Strict" + (secure ? "; Secure" : ""));
    }

    /** Whether cookies set in answer to this request must be {@code Secure}. */
    public static boolean secure(HttpRequest request, boolean production) {
        if (production || "https".equalsIgnoreCase(request.getUri().getScheme())) {
            return true;
        }
        return request.getHeader("X-Forwarded-Proto")
                .map(h -> h.value().strip().toLowerCase(Locale.ROOT).startsWith("https"))
                .orElse(false);
    }

    /** A cookie's value from the request's {@code Cookie} headers (the first one of that name). */
    public static Optional<String> read(HttpRequest request, String name) {
        for (HttpHeader h : request.getHeaders()) {
            if (!h.is("cookie")) {
                continue;
            }
            for (String pair : h.value().split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).strip().equals(name)) {
                    String value = pair.substring(eq + 1).strip();
                    return value.isEmpty() ? Optional.empty() : Optional.of(value);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the request's {@code Origin} is the server's own: same host and port as the
     * request's {@code Host}. Browsers always send {@code Origin} on WebSocket upgrades, and a
     * page of another site cannot forge it; without it (not a browser) the cookie is not used.
     */
    public static boolean sameOrigin(HttpRequest request) {
        Optional<String> origin = request.getHeader("Origin").map(HttpHeader::value);
        Optional<String> host =
                request.getHeader("Host").map(h -> h.value().strip().toLowerCase(Locale.ROOT));
        if (origin.isEmpty() || host.isEmpty()) {
            return false;
        }
        try {
            URI uri = URI.create(origin.get().strip());
            if (uri.getHost() == null || uri.getScheme() == null) {
                return false;
            }
            String authority = uri.getHost().toLowerCase(Locale.ROOT) + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
            return authority.equals(host.get());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
