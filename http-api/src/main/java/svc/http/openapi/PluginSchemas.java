package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the plugin endpoints. */
final class PluginSchemas {

    private PluginSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        Schema str = Schema.of("string");
        Schema integer = Schema.of("integer");
        s.put(
                "PluginSummary",
                object(
                        new String[] {"name", "version", "description", "sha256", "installed_at"},
                        "name",
                        str,
                        "version",
                        str,
                        "description",
                        str,
                        "sha256",
                        Schema.string("SHA-256 of the stored, normalised archive"),
                        "installed_at",
                        Schema.dateTime(),
                        "installed_by",
                        str.orNull(),
                        "skills",
                        integer,
                        "commands",
                        integer,
                        "agents",
                        integer,
                        "hooks",
                        integer,
                        "mcp_servers",
                        integer,
                        "wasm_tools",
                        integer));
        s.put("PluginList", list("PluginSummary"));
        s.put(
                "PluginDropped",
                object(
                        new String[] {"surface", "name", "reason"},
                        "surface",
                        Schema.string("hook, agent, agent_tool, mcp_server, wasm_tool or file"),
                        "name",
                        str,
                        "reason",
                        str));
        s.put(
                "PluginInstallDrops",
                object(
                        new String[] {"unsupported_hook_types", "dropped"},
                        "unsupported_hook_types",
                        Schema.array(Schema.enumOf("prompt", "agent", "http")),
                        "dropped",
                        Schema.array(Schema.ref("PluginDropped"))));
        s.put(
                "PluginDetail",
                object(
                        new String[] {"name", "version", "description", "install_drops"},
                        "name",
                        str,
                        "version",
                        str,
                        "description",
                        str,
                        "sha256",
                        str,
                        "installed_at",
                        Schema.dateTime(),
                        "installed_by",
                        str.orNull(),
                        "skills",
                        Schema.array(Schema.any("{name, description}")),
                        "commands",
                        Schema.array(Schema.ref("PluginCommand")),
                        "agents",
                        Schema.array(Schema.string("plugin-<name>::<agent>")),
                        "hooks",
                        Schema.array(Schema.any("{event, matcher, command, timeout_seconds}")),
                        "mcp_servers",
                        Schema.mapOf(Schema.any("as the settings file's mcpServers")),
                        "wasm_tools",
                        Schema.array(Schema.any("as the settings file's wasm_tools")),
                        "install_drops",
                        Schema.ref("PluginInstallDrops")));
        s.put(
                "PluginCommand",
                object(
                        new String[] {"qname", "plugin", "name"},
                        "qname",
                        Schema.string("<plugin>:<command>"),
                        "plugin",
                        str,
                        "name",
                        str,
                        "description",
                        str.orNull(),
                        "agent",
                        str.orNull(),
                        "argument_hint",
                        str.orNull()));
        s.put("PluginCommandList", list("PluginCommand"));
        s.put("PluginInvoke", object(new String[] {}, "arguments", Schema.string("replaces $ARGUMENTS")));
        s.put(
                "PluginInvocation",
                object(
                        new String[] {"qname", "run_id", "agent", "state", "stream"},
                        "qname",
                        str,
                        "run_id",
                        str,
                        "agent",
                        str,
                        "state",
                        str,
                        "answer",
                        str.orNull(),
                        "failure",
                        str.orNull(),
                        "stream",
                        Schema.string("the run's WebSocket stream")));
        s.put(
                "PluginAgent",
                object(
                        new String[] {"name", "plugin", "agent", "tier", "tools", "delegation_tool"},
                        "name",
                        Schema.string("plugin-<name>::<agent>"),
                        "plugin",
                        str,
                        "agent",
                        str,
                        "description",
                        str.orNull(),
                        "team",
                        str,
                        "tier",
                        str,
                        "model",
                        str,
                        "tools",
                        Schema.array(str),
                        "system_prompt",
                        str,
                        "delegation_tool",
                        Schema.string("the transfer_to_ tool that reaches it")));
        s.put("PluginAgentList", list("PluginAgent"));
        return s;
    }

    private static Schema list(String item) {
        return object(
                new String[] {"items", "total", "limit", "offset"},
                "items",
                Schema.array(Schema.ref(item)),
                "total",
                Schema.of("integer"),
                "limit",
                Schema.of("integer"),
                "offset",
                Schema.of("integer"));
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }
}
