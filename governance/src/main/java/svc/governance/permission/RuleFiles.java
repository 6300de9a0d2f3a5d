package svc.governance.permission;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.ToIntFunction;
import svc.config.Json;
import svc.config.Yaml;

/**
 * Reads a list of rules from JSON or YAML text: each item has {@code id}, {@code tool_name},
 * {@code behavior}, optional {@code pattern}, optional {@code priority}, optional {@code reason}.
 * Unknown fields and duplicate ids are errors (a typo in a security file must not pass silently);
 * every message names the file, the item and the field.
 */
final class RuleFiles {

    private static final Set<String> FIELDS = Set.of("id", "tool_name", "behavior", "pattern", "priority", "reason");

    private RuleFiles() {}

    /** Chooses YAML for {@code .yaml}/{@code .yml}, JSON otherwise. */
    static List<PermissionRule> read(Path file, RuleSource source, ToIntFunction<RawRule> priority) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean yaml = name.endsWith(".yaml") || name.endsWith(".yml");
        try {
            return parse(Files.readString(file), yaml, file.toString(), source, priority);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read rule file: " + e.getMessage(), e);
        }
    }

    static List<PermissionRule> parse(
            String text, boolean yaml, String origin, RuleSource source, ToIntFunction<RawRule> priority) {
        JsonNode root;
        try {
            root = (yaml ? Yaml.MAPPER : Json.MAPPER).readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    origin + ": not valid " + (yaml ? "YAML" : "JSON") + ": " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return List.of();
        }
        if (!root.isArray()) {
            throw new IllegalArgumentException(origin + ": expected a list of rules at the top level");
        }
        List<PermissionRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < root.size(); i++) {
            String where = origin + ": rule #" + (i + 1);
            RawRule raw = raw(root.get(i), where);
            if (!ids.add(raw.id())) {
                throw new IllegalArgumentException(where + ": duplicate id '" + raw.id() + "'");
            }
            try {
                rules.add(new PermissionRule(
                        raw.id(),
                        raw.toolName(),
                        raw.behavior(),
                        raw.pattern(),
                        priority.applyAsInt(raw),
                        raw.reason(),
                        source));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(rules);
    }

    private static RawRule raw(JsonNode item, String where) {
        if (!item.isObject()) {
            throw new IllegalArgumentException(where + ": expected an object");
        }
        item.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                throw new IllegalArgumentException(where + ": unknown field '" + f + "'; known fields are " + FIELDS);
            }
        });
        String id = text(item, "id", where, true);
        Behavior behavior;
        try {
            behavior = Behavior.fromWire(text(item, "behavior", where + " ('" + id + "')", true));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + " ('" + id + "'): " + e.getMessage(), e);
        }
        Integer priority = null;
        JsonNode p = item.get("priority");
        if (p != null && !p.isNull()) {
            if (!p.isInt()) {
                throw new IllegalArgumentException(where + " ('" + id + "'): priority must be an integer, was " + p);
            }
            priority = p.intValue();
        }
        return new RawRule(
                id,
                text(item, "tool_name", where + " ('" + id + "')", true),
                behavior,
                text(item, "pattern", where, false),
                priority,
                text(item, "reason", where, false));
    }

    private static String text(JsonNode item, String field, String where, boolean required) {
        JsonNode v = item.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new IllegalArgumentException(where + ": field '" + field + "' is required");
            }
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException(where + ": field '" + field + "' must be a string, was " + v);
        }
        return v.textValue();
    }

    /** A rule as written in the file, before its source and final priority are fixed. */
    record RawRule(String id, String toolName, Behavior behavior, String pattern, Integer priority, String reason) {}
}
