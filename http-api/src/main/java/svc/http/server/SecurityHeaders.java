package svc.http.server;

import java.util.List;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.MediaTypes;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;

/**
 * The headers every answer carries, so a browser treats the API and the dashboard safely:
 * {@code X-Content-Type-Options: nosniff} (JSON is never run as script), {@code X-Frame-Options:
 * DENY} with CSP {@code frame-ancestors 'none'} (no clickjacking), {@code Referrer-Policy:
 * no-referrer} (run ids in URLs do not leak to other sites). HTML pages get a
 * {@code Content-Security-Policy} that allows only this origin's scripts, styles, images and
 * connections (the dashboard is plain ES modules and JSON from the same origin, no inline
 * script); other answers get {@code default-src 'none'}, as nothing in them should load anything.
 * A handler that set its own CSP keeps it.
 */
final class SecurityHeaders {

    static final String HTML_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
    static final String OTHER_POLICY = "default-src 'none'; frame-ancestors 'none'";

    private static final List<HttpHeader> ALWAYS = List.of(
            RawHeader.create("X-Content-Type-Options", "nosniff"),
            RawHeader.create("X-Frame-Options", "DENY"),
            RawHeader.create("Referrer-Policy", "no-referrer"));

    private SecurityHeaders() {}

    static HttpResponse add(HttpResponse response) {
        HttpResponse r = response.addHeaders(ALWAYS);
        if (response.getHeader("Content-Security-Policy").isPresent()) {
            return r;
        }
        boolean html = response.entity().getContentType().mediaType().equals(MediaTypes.TEXT_HTML);
        return r.addHeader(RawHeader.create("Content-Security-Policy", html ? HTML_POLICY : OTHER_POLICY));
    }
}
