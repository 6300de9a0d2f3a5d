package svc.config.effective;

import java.util.List;
import java.util.Objects;

/**
 * One resolved value and where it came from.
 *
 * @param value   a string, number, boolean, list or map (JSON-like)
 * @param origin  the layer that decided the value: the highest layer that set it
 * @param joined  for a joined key (a list every layer adds to), every layer that contributed,
 *                lowest first; empty for an ordinary key
 */
public record Setting(Object value, Origin origin, List<Origin> joined) {

    public Setting {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(origin, "origin");
        joined = joined == null ? List.of() : List.copyOf(joined);
    }

    public static Setting of(Object value, Origin origin) {
        return new Setting(value, origin, List.of());
    }
}
