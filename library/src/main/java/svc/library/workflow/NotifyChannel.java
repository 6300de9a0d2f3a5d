package svc.library.workflow;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One entry of a checkpoint's {@code notify_channels} or of {@code SVC_NOTIFY_CHANNELS}:
 * {@code webhook:<http or https URL>}, {@code email:<address>}, or a bare kind ({@code webhook},
 * {@code email}, {@code dashboard}). A bare kind names no recipient of its own: it means "the
 * server's channels", which receive every gate notification anyway, and {@code dashboard} means
 * the approvals list, where every gate is shown. So only entries with a target are delivered.
 *
 * @param kind what carries the notification
 * @param target the URL or the address; null for a bare kind
 */
public record NotifyChannel(Kind kind, String target) {

    /** What carries a notification. */
    public enum Kind {
        WEBHOOK,
        EMAIL,
        DASHBOARD;

        /** As written in a channel: {@code webhook}, {@code email}, {@code dashboard}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    // Deliberately plain: one @, no white space or angle brackets (no header injection); the mail
    // library checks the address fully when it sends.
    private static final Pattern ADDRESS = Pattern.compile("[^@\\s<>,;\"]+@[^@\\s<>,;\"]+");

    /**
     * Reads one channel.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static NotifyChannel parse(String raw) {
        String text = raw == null ? "" : raw.strip();
        int colon = text.indexOf(':');
        String kindName = (colon < 0 ? text : text.substring(0, colon)).toLowerCase(Locale.ROOT);
        Kind kind = switch (kindName) {
            case "webhook" -> Kind.WEBHOOK;
            case "email" -> Kind.EMAIL;
            case "dashboard" -> Kind.DASHBOARD;
            default ->
                throw new IllegalArgumentException("notify channel '" + text
                        + "' is not one of webhook:<url>, email:<address>, webhook, email, dashboard");
        };
        if (colon < 0) {
            return new NotifyChannel(kind, null);
        }
        String target = text.substring(colon + 1).strip();
        switch (kind) {
            case WEBHOOK -> checkUrl(text, target);
            case EMAIL -> {
                if (!ADDRESS.matcher(target).matches()) {
                    throw new IllegalArgumentException(
                            "notify channel '" + text + "': '" + target + "' is not an e-mail address");
                }
            }
            default -> throw new IllegalArgumentException("notify channel '" + text + "': dashboard takes no target");
        }
        return new NotifyChannel(kind, target);
    }

    /** Comma-separated channels (as {@code SVC_NOTIFY_CHANNELS} gives them); blanks are skipped. */
    public static List<NotifyChannel> parseList(String commaSeparated) {
        List<NotifyChannel> out = new ArrayList<>();
        if (commaSeparated == null) {
            return out;
        }
        for (String part : commaSeparated.split(",")) {
            if (!part.isBlank()) {
                out.add(parse(part));
            }
        }
        return out;
    }

    /** Why {@code raw} is not a channel, or empty when it is one. */
    public static Optional<String> problem(String raw) {
        try {
            parse(raw);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Whether this channel names a recipient (a URL or an address) that a notification goes to. */
    public boolean deliverable() {
        return target != null;
    }

    /** As written: {@code kind:target}, or the bare kind. */
    public String wire() {
        return target == null ? kind.wireName() : kind.wireName() + ":" + target;
    }

    private static void checkUrl(String text, String target) {
        URI uri;
        try {
            uri = new URI(target);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("notify channel '" + text + "': not a URL (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("notify channel '" + text + "': a webhook needs an http or https URL");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("notify channel '" + text + "': the URL has no host");
        }
    }
}
