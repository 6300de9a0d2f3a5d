package svc.core.plugins;

import java.util.List;

/**
 * Why a plugin cannot be installed, removed or found, with every problem found (each names the
 * file or field at fault). The kind decides the HTTP status the API answers with.
 */
public final class PluginException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What went wrong, as a caller should see it. */
    public enum Kind {
        /** The plugin or its archive is malformed (bad plugin.json, path escape, too large...). */
        INVALID,
        /** A plugin of that name is already installed. */
        CONFLICT,
        /** No such plugin, command or agent. */
        NOT_FOUND,
        /** The feature behind the surface is switched off. */
        DISABLED
    }

    private final Kind kind;
    private final List<String> problems;

    public PluginException(Kind kind, List<String> problems) {
        super(String.join("; ", problems), null, false, false);
        this.kind = kind;
        this.problems = List.copyOf(problems);
    }

    public static PluginException invalid(String problem) {
        return new PluginException(Kind.INVALID, List.of(problem));
    }

    public static PluginException notFound(String problem) {
        return new PluginException(Kind.NOT_FOUND, List.of(problem));
    }

    public static PluginException disabled(String flag) {
        return new PluginException(Kind.DISABLED, List.of("the " + flag + " feature is off; an admin can turn it on"));
    }

    public Kind kind() {
        return kind;
    }

    public List<String> problems() {
        return problems;
    }
}
