package svc.core.llm.providers;

import java.net.URI;

/**
 * Joins a configured base address and an API path. Operators write base addresses with and
 * without a trailing {@code /v1} (the OpenAI SDKs' convention is to include it), so a {@code /v1}
 * already present is not repeated.
 */
final class BaseUrl {

    private BaseUrl() {}

    static URI resolve(String base, String path) {
        String b = base.strip();
        while (b.endsWith("/")) {
            b = b.substring(0, b.length() - 1);
        }
        String p = path;
        if (b.endsWith("/v1") && p.startsWith("/v1/")) {
            p = p.substring(3);
        }
        URI uri = URI.create(b + p);
        if (uri.getScheme() == null
                || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null) {
            throw new IllegalArgumentException(
                    "base URL `" + base + "` must be an http:// or https:// address with a host");
        }
        return uri;
    }
}
