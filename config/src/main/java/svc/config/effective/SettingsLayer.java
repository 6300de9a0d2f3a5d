package svc.config.effective;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.config.settings.ProjectConfig;

/**
 * The settings file's project as a layer: every field the file sets, as written (the spec's
 * defaults are not the file's doing), under {@code svc.settings.}; agents are keyed by name
 * ({@code svc.settings.agents.<name>.model}), other lists are one value.
 */
public final class SettingsLayer {

    public static final String PREFIX = "svc.settings";

    private SettingsLayer() {}

    /** @param projectPath the project's key in the file, which names the origin */
    public static Layer of(Path projectPath, ProjectConfig written) {
        Map<String, Object> values = new LinkedHashMap<>();
        JsonNode tree = Json.HAND_WRITTEN.valueToTree(written);
        tree.fields().forEachRemaining(field -> {
            if (field.getKey().equals("agents") && field.getValue().isArray()) {
                for (JsonNode agent : field.getValue()) {
                    flatten(PREFIX + ".agents." + agent.path("name").asText("?"), agent, values);
                }
            } else {
                flatten(PREFIX + "." + field.getKey(), field.getValue(), values);
            }
        });
        return Layer.of(Origin.settings(projectPath.toString()), values);
    }

    private static void flatten(String key, JsonNode node, Map<String, Object> into) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return;
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> flatten(key + "." + f.getKey(), f.getValue(), into));
        } else if (node.isArray()) {
            if (!node.isEmpty()) {
                into.put(key, plain(node));
            }
        } else {
            into.put(key, plain(node));
        }
    }

    /** JSON as plain Java values (String, Number, Boolean, List, Map). */
    static Object plain(JsonNode node) {
        if (node.isTextual()) {
            return node.asText();
        }
        if (node.isBoolean()) {
            return node.asBoolean();
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToInt() ? (Object) node.intValue() : (Object) node.longValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(n -> list.add(plain(n)));
            return list;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.fields().forEachRemaining(f -> map.put(f.getKey(), plain(f.getValue())));
            return map;
        }
        return null;
    }
}
