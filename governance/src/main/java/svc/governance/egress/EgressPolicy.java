package svc.governance.egress;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Judges one URL: scheme, then blocked addresses (which win over the allowlist), then the
 * allowlist. The permission engine's egress source and {@link EgressGuardrail} both call this.
 * Never resolves a name.
 */
public final class EgressPolicy {

    private final EgressAllowlist allowlist;

    public EgressPolicy(EgressAllowlist allowlist) {
        this.allowlist = Objects.requireNonNull(allowlist, "allowlist");
    }

    public EgressAllowlist allowlist() {
        return allowlist;
    }

    /** The decision about one URL; {@code reason} always says why. */
    public record UrlCheck(String url, boolean allowed, String reason, boolean bypassAttempt) {}

    public UrlCheck check(String url) {
        int colon = url.indexOf(':');
        if (colon <= 0) {
            return deny(url, "not an absolute URL", false);
        }
        String scheme = url.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return deny(url, "scheme '" + scheme + "' is not allowed (only http and https)", false);
        }
        // Clients treat any run of slashes and backslashes after http: as the authority marker.
        int at = colon + 1;
        while (at < url.length() && (url.charAt(at) == '/' || url.charAt(at) == '\\')) {
            at++;
        }
        if (at == colon + 1) {
            return deny(url, "no host after the scheme", false);
        }
        int end = at;
        while (end < url.length() && "/\\?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        String authority = url.substring(at, end);
        String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
        Optional<String> rawHost = hostOf(hostPort);
        if (rawHost.isEmpty()) {
            return deny(url, "cannot read a host and port from '" + hostPort + "'", false);
        }
        return judge(url, rawHost.get());
    }

    /**
     * The decision about a bare host name or IP literal that is reached by another protocol than
     * HTTP (an SMTP relay): the same blocked addresses and allowlist as for a URL's host.
     */
    public UrlCheck checkHost(String rawHost) {
        return judge(rawHost, rawHost);
    }

    private UrlCheck judge(String url, String raw) {
        Optional<Host> parsed = Host.parse(raw);
        if (parsed.isEmpty()) {
            return deny(url, "host '" + raw + "' is not a valid host name or IP address", true);
        }
        Host host = parsed.get();
        String written = host.spelledOddly() ? "host '" + raw + "' is " + host.canonical() : "host " + host.canonical();
        Optional<String> blocked = BlockedAddresses.reason(host);
        if (blocked.isPresent()) {
            boolean bypass = host.spelledOddly()
                    || blocked.get().contains("embedding")
                    || host.canonical().endsWith(".localhost");
            return deny(url, written + ": " + blocked.get() + " (blocked whatever the allowlist says)", bypass);
        }
        if (allowlist.allows(host)) {
            return new UrlCheck(url, true, written + " is on the egress allowlist", false);
        }
        return deny(url, written + " is not on the egress allowlist " + allowlist.entries(), false);
    }

    /** The host part of {@code host[:port]} or {@code [v6][:port]}; empty if the port is not a number. */
    private static Optional<String> hostOf(String hostPort) {
        String host;
        String port;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                return Optional.empty();
            }
            host = hostPort.substring(0, close + 1);
            String rest = hostPort.substring(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(":")) {
                return Optional.empty();
            }
            port = rest.isEmpty() ? "" : rest.substring(1);
        } else {
            int c = hostPort.lastIndexOf(':');
            host = c < 0 ? hostPort : hostPort.substring(0, c);
            port = c < 0 ? "" : hostPort.substring(c + 1);
        }
        if (!port.chars().allMatch(ch -> ch >= '0' && ch <= '9') || port.length() > 5) {
            return Optional.empty();
        }
        return Optional.of(host);
    }

    private static UrlCheck deny(String url, String reason, boolean bypass) {
        return new UrlCheck(url, false, reason, bypass);
    }
}
