package svc.config.effective;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The resolved configuration: for every dotted key the value of the highest layer that sets it
 * (default &lt; template &lt; deployment &lt; settings &lt; environment) and that layer's origin.
 *
 * <p>A <em>joined</em> key is a comma-separated list that layers add to instead of replacing (the
 * egress allowlist: the template's hosts, the deployment's and {@code SVC_EGRESS_ALLOWLIST}'s
 * together, because an operator widening egress by variable must not silently drop the hosts the
 * deployment was approved with). Its value is the union in layer order, its origin the highest
 * contributing layer, and {@link Setting#joined} lists every contributor.
 */
public final class EffectiveConfig {

    private final Map<String, Setting> settings;

    private EffectiveConfig(Map<String, Setting> settings) {
        this.settings = Collections.unmodifiableMap(new TreeMap<>(settings));
    }

    /**
     * Lays {@code layers} over each other by precedence of their kind (layers of the same kind in
     * the order given, later ones winning).
     */
    public static EffectiveConfig resolve(List<Layer> layers, Set<String> joinedKeys) {
        List<Layer> ordered = new ArrayList<>(layers);
        ordered.sort(Comparator.comparing(Layer::kind)); // stable: same kind keeps the given order
        Map<String, Setting> resolved = new LinkedHashMap<>();
        for (Layer layer : ordered) {
            layer.values().forEach((key, setting) -> {
                Setting below = resolved.get(key);
                resolved.put(key, joinedKeys.contains(key) ? join(below, setting) : setting);
            });
        }
        return new EffectiveConfig(resolved);
    }

    private static Setting join(Setting below, Setting above) {
        List<String> items = split(above.value());
        if (below == null) {
            return new Setting(
                    String.join(",", items), above.origin(), items.isEmpty() ? List.of() : List.of(above.origin()));
        }
        Set<String> union = new LinkedHashSet<>(split(below.value()));
        union.addAll(items);
        List<Origin> contributors = new ArrayList<>(below.joined());
        Origin origin = below.origin();
        if (!items.isEmpty()) {
            contributors.add(above.origin());
            origin = above.origin();
        }
        return new Setting(String.join(",", union), origin, contributors);
    }

    /** The items of a list value: a list, or comma-separated text; blanks dropped. */
    static List<String> split(Object value) {
        List<String> items = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.forEach(v -> items.addAll(split(v)));
        } else if (value != null) {
            for (String part : value.toString().split(",")) {
                if (!part.isBlank()) {
                    items.add(part.strip());
                }
            }
        }
        return items;
    }

    /** Every key, sorted. */
    public Map<String, Setting> settings() {
        return settings;
    }

    public Optional<Setting> get(String key) {
        return Optional.ofNullable(settings.get(key));
    }

    /** The keys under {@code prefix} (with the dot), with the prefix cut off, in key order. */
    public Map<String, Setting> under(String prefix) {
        String p = prefix.endsWith(".") ? prefix : prefix + ".";
        Map<String, Setting> result = new LinkedHashMap<>();
        settings.forEach((k, v) -> {
            if (k.startsWith(p)) {
                result.put(k.substring(p.length()), v);
            }
        });
        return result;
    }

    /** What {@code GET /api/v1/config/effective} answers: every key with secrets as {@code "***"}. */
    public Map<String, Shown> shown() {
        Map<String, Shown> shown = new LinkedHashMap<>();
        settings.forEach((key, s) -> shown.put(key, new Shown(Secrets.mask(key, s.value()), s.origin(), s.joined())));
        return shown;
    }

    /**
     * One key as shown.
     *
     * @param origins only for joined keys: every contributing layer
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Shown(Object value, Origin origin, List<Origin> origins) {}
}
