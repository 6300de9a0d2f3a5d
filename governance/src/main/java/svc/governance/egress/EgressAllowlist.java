package svc.governance.egress;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The hosts tools may reach. Entries: an exact host ({@code api.openai.com}, or an IP literal),
 * {@code *.suffix} (any subdomain at any depth, not the bare suffix itself), or a glob where
 * {@code *} matches within one label and {@code ?} one character ({@code files-?.corp.net},
 * {@code api-*.vendor.io}). An empty allowlist means "not configured": G1 is then a no-op.
 */
public final class EgressAllowlist {

    /** The environment variable the server reads, comma-separated. */
    public static final String ENV = "SVC_EGRESS_ALLOWLIST";

    private sealed interface Entry permits Exact, Suffix, Glob {
        boolean matches(String host);
    }

    private record Exact(String host) implements Entry {
        public boolean matches(String h) {
            return h.equals(host);
        }
    }

    private record Suffix(String dotSuffix) implements Entry {
        public boolean matches(String h) {
            return h.endsWith(dotSuffix) && h.length() > dotSuffix.length();
        }
    }

    private record Glob(Pattern pattern) implements Entry {
        public boolean matches(String h) {
            return pattern.matcher(h).matches();
        }
    }

    private final List<String> written;
    private final List<Entry> entries;

    private EgressAllowlist(List<String> written, List<Entry> entries) {
        this.written = List.copyOf(written);
        this.entries = List.copyOf(entries);
    }

    public static EgressAllowlist none() {
        return new EgressAllowlist(List.of(), List.of());
    }

    /**
     * Parses {@code SVC_EGRESS_ALLOWLIST}: comma-separated, blanks ignored, case-insensitive.
     * @throws IllegalArgumentException naming the entry, for URLs, ports or paths instead of hosts
     */
    public static EgressAllowlist parse(String commaSeparated) {
        if (commaSeparated == null) {
            return none();
        }
        List<String> written = new ArrayList<>();
        List<Entry> entries = new ArrayList<>();
        for (String raw : commaSeparated.split(",")) {
            String entry = raw.trim().toLowerCase(Locale.ROOT);
            if (entry.isEmpty()) {
                continue;
            }
            written.add(entry);
            entries.add(toEntry(entry));
        }
        return new EgressAllowlist(written, entries);
    }

    private static Entry toEntry(String entry) {
        if (entry.contains("/") || (entry.contains(":") && !entry.startsWith("["))) {
            throw new IllegalArgumentException(ENV + " entry '" + entry
                    + "' must be a host name or pattern such as api.example.com or *.example.com, not a URL "
                    + "or host:port");
        }
        if (entry.startsWith("*.") && entry.indexOf('*', 1) < 0 && entry.indexOf('?') < 0) {
            return new Suffix(entry.substring(1));
        }
        if (entry.contains("*") || entry.contains("?")) {
            StringBuilder regex = new StringBuilder();
            for (char c : entry.toCharArray()) {
                if (c == '*') {
                    regex.append("[^.]*");
                } else if (c == '?') {
                    regex.append("[^.]");
                } else {
                    regex.append(Pattern.quote(String.valueOf(c)));
                }
            }
            return new Glob(Pattern.compile(regex.toString()));
        }
        // IP literals are compared in canonical form, so 010.0.0.1 style spellings cannot sneak in.
        String canonical = Host.parse(entry)
                .map(Host::canonical)
                .orElseThrow(
                        () -> new IllegalArgumentException(ENV + " entry '" + entry + "' is not a valid host name"));
        return new Exact(canonical);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The entries as written (lower-cased), for messages. */
    public List<String> entries() {
        return written;
    }

    public boolean allows(Host host) {
        String h = host.canonical();
        return entries.stream().anyMatch(e -> e.matches(h));
    }
}
