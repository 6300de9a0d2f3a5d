package svc.core.plugins;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import svc.config.Json;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;

/**
 * {@code load_skill}: the content of an installed skill, on demand. Agents see every skill's name
 * and description in their prompt; the body (often long) costs tokens only when an agent asks.
 * {@code name} is {@code <plugin>:<skill>}, or the bare skill name when only one plugin has it.
 */
public final class LoadSkillTool implements Tool {

    public static final String NAME = "load_skill";

    private final PluginService plugins;

    public LoadSkillTool(PluginService plugins) {
        this.plugins = plugins;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Load the full instructions of an installed skill by name (<plugin>:<skill>).";
    }

    @Override
    public String inputSchemaJson() {
        return "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\","
                + "\"description\":\"<plugin>:<skill>, as listed in your prompt\"}},\"required\":[\"name\"]}";
    }

    @Override
    public ToolResult invoke(ToolContext context, JsonNode arguments) {
        String asked = arguments.path("name").asText("").strip();
        String plugin = asked.contains(":") ? asked.substring(0, asked.indexOf(':')) : null;
        String skill = asked.contains(":") ? asked.substring(asked.indexOf(':') + 1) : asked;
        List<String> known = new ArrayList<>();
        List<ToolResult> found = new ArrayList<>();
        for (InstalledPlugin p : plugins.current()) {
            for (PluginBundle.Skill s : p.bundle().skills()) {
                known.add(p.name() + ":" + s.name());
                if (s.name().equals(skill) && (plugin == null || plugin.equals(p.name()))) {
                    found.add(ToolResult.ok(Json.object()
                            .put("plugin", p.name())
                            .put("skill", s.name())
                            .put("description", s.description())
                            .put("content", s.content())));
                }
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        return ToolResult.error(
                found.isEmpty()
                        ? "no skill named '" + asked + "'; installed skills: " + known
                        : "several plugins have a skill named '" + skill + "'; name it as <plugin>:<skill> from "
                                + known);
    }
}
