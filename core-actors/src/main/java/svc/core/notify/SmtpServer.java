package svc.core.notify;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The relay of {@code SVC_SMTP_URL}: {@code smtp://host[:port]} (STARTTLS when the server offers
 * it) or {@code smtps://[user:password@]host[:port]} (TLS from the first byte); a user and password
 * may be given with either. Ports default to 25 and 465.
 */
public record SmtpServer(boolean tls, String host, int port, String user, String password) {

    /**
     * @throws IllegalArgumentException naming what is wrong (never echoing the password)
     */
    public static SmtpServer parse(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("SVC_SMTP_URL is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("smtp") && !scheme.equals("smtps")) {
            throw new IllegalArgumentException("SVC_SMTP_URL must start with smtp:// or smtps://");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("SVC_SMTP_URL names no host");
        }
        boolean tls = scheme.equals("smtps");
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
            password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
        }
        int port = uri.getPort() > 0 ? uri.getPort() : (tls ? 465 : 25);
        return new SmtpServer(tls, uri.getHost(), port, user, password);
    }

    /** For messages and logs: the password is never shown. */
    @Override
    public String toString() {
        return (tls ? "smtps://" : "smtp://") + (user == null ? "" : user + ":***@") + host + ":" + port;
    }
}
