package svc.config.settings;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Copies for record components: absent collections read as empty, and the file's order stays. */
final class Immutable {
    private Immutable() {}

    static <T> List<T> list(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    static <V> Map<String, V> map(Map<String, V> map) {
        return map == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
