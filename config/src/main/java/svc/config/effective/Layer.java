package svc.config.effective;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The values one layer sets, by dotted key. Every value carries its own origin (the environment
 * layer has one variable per key), all of this layer's kind.
 */
public record Layer(Origin.Kind kind, Map<String, Setting> values) {

    public Layer {
        Objects.requireNonNull(kind, "kind");
        for (Map.Entry<String, Setting> e : values.entrySet()) {
            if (e.getValue().origin().kind() != kind) {
                throw new IllegalArgumentException("key " + e.getKey() + " of the " + kind.prefix()
                        + " layer has origin " + e.getValue().origin());
            }
        }
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** A layer whose values all come from one origin (a template, a deployment, a settings project). */
    public static Layer of(Origin origin, Map<String, ?> values) {
        Map<String, Setting> settings = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            if (value != null) {
                settings.put(key, Setting.of(value, origin));
            }
        });
        return new Layer(origin.kind(), settings);
    }

    /** Starts a layer whose keys have origins of their own (the environment). */
    public static Builder builder(Origin.Kind kind) {
        return new Builder(kind);
    }

    public static final class Builder {
        private final Origin.Kind kind;
        private final Map<String, Setting> values = new LinkedHashMap<>();

        private Builder(Origin.Kind kind) {
            this.kind = kind;
        }

        public Builder put(String key, Object value, Origin origin) {
            if (value != null) {
                values.put(key, Setting.of(value, origin));
            }
            return this;
        }

        public Layer build() {
            return new Layer(kind, values);
        }
    }
}
