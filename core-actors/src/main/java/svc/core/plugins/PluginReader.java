package svc.core.plugins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import svc.config.Json;
import svc.config.settings.McpServerConfig;
import svc.config.settings.ProjectConfig;
import svc.config.settings.SettingsFile;
import svc.config.settings.SettingsResult;
import svc.config.settings.WasmToolConfig;
import svc.core.hooks.HookSpec;
import svc.core.plugins.PluginBundle.AgentDef;
import svc.core.plugins.PluginBundle.Command;
import svc.core.plugins.PluginBundle.Dropped;
import svc.core.plugins.PluginBundle.Skill;
import svc.core.tools.mcp.McpServers;

/**
 * Reads and validates a plugin directory:
 * <ul>
 *   <li>{@code plugin.json}: {@code name} (lower case, digits and dashes, 1 to 64), {@code version}
 *       and {@code description} (strings) are required;</li>
 *   <li>{@code skills/<name>/SKILL.md}, {@code commands/<name>.md}, {@code agents/<name>.md}: Markdown
 *       with YAML front matter; names as for the plugin;</li>
 *   <li>{@code hooks/hooks.json}: see {@link HookSpec};</li>
 *   <li>{@code .mcp.json} ({@code {"mcpServers": {...}}}) and {@code wasm/<tool>.json} (one
 *       settings-file {@code wasm_tools} entry each, {@code path} relative to {@code wasm/}):
 *       checked with the settings file's own validator, so both sources accept the same shapes.</li>
 * </ul>
 * A malformed file makes the plugin invalid (every problem is reported at once). A well-formed
 * surface that cannot be registered is dropped and listed in {@link PluginBundle.Drops}: an agent
 * whose name is a built-in agent's (it would shadow it), tools no agent can have, hook types svc
 * does not run, unknown hook events, entries that are no part of the format.
 */
public final class PluginReader {

    public static final String MANIFEST = "plugin.json";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Set<String> RESERVED = Set.of("commands", "agents");
    private static final Set<String> KNOWN_ENTRIES = Set.of(
            MANIFEST, "skills", "commands", "agents", "hooks", ".mcp.json", "wasm", "README.md", "LICENSE", "scripts");

    private final Predicate<String> builtInAgent;
    private final Predicate<String> knownTool;

    /**
     * @param builtInAgent whether a name is a built-in agent's (plugin agents may not take it)
     * @param knownTool whether an agent may be given a tool of that name
     */
    public PluginReader(Predicate<String> builtInAgent, Predicate<String> knownTool) {
        this.builtInAgent = builtInAgent;
        this.knownTool = knownTool;
    }

    public PluginBundle read(Path dir) {
        Path root = dir.toAbsolutePath().normalize();
        List<String> problems = new ArrayList<>();
        List<Dropped> dropped = new ArrayList<>();
        List<String> unsupportedHookTypes = new ArrayList<>();
        PluginBundle.Manifest manifest = manifest(root, problems);
        List<Skill> skills = new ArrayList<>();
        List<Command> commands = new ArrayList<>();
        List<AgentDef> agents = new ArrayList<>();
        List<HookSpec> hooks = new ArrayList<>();
        Map<String, McpServerConfig> mcp = new LinkedHashMap<>();
        List<WasmToolConfig> wasm = new ArrayList<>();
        collect(problems, () -> skills.addAll(skills(root, problems)));
        // First: the plugin's agents may be given the MCP servers' and WASM tools it brings.
        collect(problems, () -> runtimeSurfaces(root, problems, mcp, wasm));
        collect(problems, () -> agents.addAll(agents(root, problems, dropped, mcp.keySet(), wasm)));
        collect(problems, () -> commands.addAll(commands(root, problems)));
        Path hookFile = root.resolve("hooks").resolve("hooks.json");
        if (Files.isRegularFile(hookFile)) {
            JsonNode tree = json(hookFile, "hooks/hooks.json", problems);
            if (tree != null) {
                HookSpec.Read r = HookSpec.read(tree, "hooks/hooks.json");
                hooks.addAll(r.hooks());
                problems.addAll(r.problems());
                unsupportedHookTypes.addAll(r.unsupportedTypes());
                r.dropped()
                        .forEach(d -> dropped.add(new Dropped("hook", d.substring(0, d.lastIndexOf(':')), reason(d))));
            }
        }
        for (Command c : commands) {
            if (c.agent() != null
                    && !builtInAgent.test(c.agent())
                    && agents.stream().noneMatch(a -> a.name().equals(c.agent()))) {
                problems.add("commands/" + c.name() + ".md: agent '" + c.agent()
                        + "' is neither a built-in agent nor an agent of this plugin");
            }
        }
        unknownEntries(root, dropped);
        if (!problems.isEmpty()) {
            throw new PluginException(PluginException.Kind.INVALID, problems);
        }
        return new PluginBundle(
                manifest,
                skills,
                commands,
                agents,
                hooks,
                mcp,
                wasm,
                new PluginBundle.Drops(unsupportedHookTypes, dropped));
    }

    /**
     * A tool of this plugin's own an agent's {@code tools} may name, as the settings file's
     * {@code permissions.allow} does: {@code mcp__<server>} (every tool of that server, granted as
     * {@code mcp__<server>__*}), {@code mcp__<server>__<tool>}, or one of its WASM tools.
     */
    static Optional<String> ownTool(String tool, Set<String> ownServers, List<WasmToolConfig> ownWasm) {
        if (ownWasm.stream().anyMatch(w -> w.name().equals(tool))) {
            return Optional.of(tool);
        }
        if (!tool.startsWith(McpServers.PREFIX)) {
            return Optional.empty();
        }
        String rest = tool.substring(McpServers.PREFIX.length());
        int sep = rest.indexOf(McpServers.SEPARATOR);
        String server = sep < 0 ? rest : rest.substring(0, sep);
        if (!ownServers.contains(server)) {
            return Optional.empty();
        }
        return Optional.of(sep < 0 ? tool + McpServers.SEPARATOR + "*" : tool);
    }

    private static String reason(String drop) {
        return drop.substring(drop.lastIndexOf(':') + 1).strip();
    }

    /** Runs a reading step; a problem it throws joins the others rather than hiding them. */
    private static void collect(List<String> problems, Runnable step) {
        try {
            step.run();
        } catch (PluginException e) {
            problems.addAll(e.problems());
        }
    }

    private PluginBundle.Manifest manifest(Path root, List<String> problems) {
        Path file = root.resolve(MANIFEST);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            problems.add("plugin.json: missing; a plugin needs a plugin.json with name, version and description");
            return null;
        }
        JsonNode m = json(file, MANIFEST, problems);
        if (m == null) {
            return null;
        }
        if (!m.isObject()) {
            problems.add("plugin.json: must be a JSON object with name, version and description");
            return null;
        }
        String name = m.path("name").isTextual() ? m.get("name").asText() : null;
        if (name == null || !NAME.matcher(name).matches()) {
            problems.add("plugin.json: name must be 1 to 64 lower-case letters, digits or dashes, got "
                    + (name == null ? m.path("name").toString() : "'" + name + "'"));
        }
        if (name != null && RESERVED.contains(name)) {
            problems.add("plugin.json: name '" + name + "' is reserved (it is a route: /api/v1/plugins/" + name + ")");
        }
        String version =
                m.path("version").isTextual() ? m.get("version").asText().strip() : null;
        if (version == null || version.isEmpty() || version.length() > 128) {
            problems.add("plugin.json: version must be a non-empty string of at most 128 characters");
        }
        String description = m.path("description").isTextual()
                ? m.get("description").asText().strip()
                : null;
        if (description == null) {
            problems.add("plugin.json: description must be a string");
        }
        return new PluginBundle.Manifest(name, version, description);
    }

    private static JsonNode json(Path file, String name, List<String> problems) {
        try {
            return Json.HAND_WRITTEN.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            String reason = e.getMessage() == null
                    ? e.toString()
                    : e.getMessage().lines().findFirst().orElse("");
            problems.add(name + ": not valid JSON: " + reason);
            return null;
        }
    }

    private static List<Path> children(Path dir, boolean directories) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> directories
                            ? Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                            : Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw PluginException.invalid(dir.getFileName() + ": cannot be listed: " + e.getMessage());
        }
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw PluginException.invalid(file.getFileName() + ": cannot be read as UTF-8 text: " + e.getMessage());
        }
    }

    private static List<Skill> skills(Path root, List<String> problems) {
        List<Skill> skills = new ArrayList<>();
        for (Path dir : children(root.resolve("skills"), true)) {
            String name = dir.getFileName().toString();
            String file = "skills/" + name + "/SKILL.md";
            Path md = dir.resolve("SKILL.md");
            if (!Files.isRegularFile(md, LinkOption.NOFOLLOW_LINKS)) {
                problems.add(file + ": missing");
                continue;
            }
            try {
                FrontMatter fm = FrontMatter.parse(readText(md), file);
                String skillName = fm.text("name") == null ? name : fm.text("name");
                if (!NAME.matcher(skillName).matches()) {
                    problems.add(file + ": name must be lower-case letters, digits or dashes, got '" + skillName + "'");
                    continue;
                }
                String description = fm.text("description");
                if (description == null || description.isEmpty()) {
                    problems.add(file + ": the front matter needs a description (it is what agents are shown)");
                    continue;
                }
                skills.add(new Skill(skillName, description, fm.body()));
            } catch (PluginException e) {
                problems.addAll(e.problems());
            }
        }
        return skills;
    }

    private List<AgentDef> agents(
            Path root,
            List<String> problems,
            List<Dropped> dropped,
            Set<String> ownServers,
            List<WasmToolConfig> ownWasm) {
        List<AgentDef> agents = new ArrayList<>();
        for (Path md : children(root.resolve("agents"), false)) {
            String file = "agents/" + md.getFileName();
            if (!file.endsWith(".md")) {
                dropped.add(new Dropped("file", file, "agents are Markdown files (agents/<name>.md)"));
                continue;
            }
            String name = md.getFileName().toString().replaceFirst("\\.md$", "");
            try {
                FrontMatter fm = FrontMatter.parse(readText(md), file);
                if (!NAME.matcher(name).matches()) {
                    problems.add(file + ": the agent's name must be lower-case letters, digits or dashes");
                    continue;
                }
                if (builtInAgent.test(name)) {
                    dropped.add(new Dropped(
                            "agent", name, "a built-in agent has this name; a plugin agent never shadows one"));
                    continue;
                }
                if (fm.body().isEmpty()) {
                    problems.add(file + ": the body (the agent's system prompt) is empty");
                    continue;
                }
                List<String> tools = new ArrayList<>();
                for (String tool : list(fm.fields().get("tools"))) {
                    Optional<String> own = ownTool(tool, ownServers, ownWasm);
                    if (own.isPresent()) {
                        tools.add(own.get());
                    } else if (knownTool.test(tool)) {
                        tools.add(tool);
                    } else {
                        dropped.add(new Dropped("agent_tool", name + ":" + tool, "no tool of that name exists"));
                    }
                }
                agents.add(new AgentDef(name, fm.text("description"), tools, fm.text("model"), fm.body()));
            } catch (PluginException e) {
                problems.addAll(e.problems());
            }
        }
        return agents;
    }

    /** A front-matter list: a YAML sequence or a comma-separated string. */
    private static List<String> list(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (node.isArray()) {
            node.forEach(n -> out.add(n.asText().strip()));
        } else {
            for (String s : node.asText().split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
        }
        return out;
    }

    private static List<Command> commands(Path root, List<String> problems) {
        List<Command> commands = new ArrayList<>();
        for (Path md : children(root.resolve("commands"), false)) {
            String file = "commands/" + md.getFileName();
            String name = md.getFileName().toString().replaceFirst("\\.md$", "");
            if (!file.endsWith(".md") || !NAME.matcher(name).matches()) {
                problems.add(file + ": commands are commands/<name>.md with a lower-case name");
                continue;
            }
            try {
                FrontMatter fm = FrontMatter.parse(readText(md), file);
                if (fm.body().isEmpty()) {
                    problems.add(file + ": the body (the task the command gives) is empty");
                    continue;
                }
                commands.add(new Command(
                        name, fm.text("description"), fm.text("agent"), fm.text("argument-hint"), fm.body()));
            } catch (PluginException e) {
                problems.addAll(e.problems());
            }
        }
        return commands;
    }

    /** {@code .mcp.json} and {@code wasm/*.json}, checked by the settings file's validator. */
    private static void runtimeSurfaces(
            Path root, List<String> problems, Map<String, McpServerConfig> mcp, List<WasmToolConfig> wasm) {
        ObjectNode project = Json.object();
        Path mcpFile = root.resolve(".mcp.json");
        if (Files.isRegularFile(mcpFile, LinkOption.NOFOLLOW_LINKS)) {
            JsonNode tree = json(mcpFile, ".mcp.json", problems);
            if (tree != null) {
                JsonNode servers = tree.has("mcpServers") ? tree.get("mcpServers") : tree;
                project.set("mcpServers", servers);
            }
        }
        List<Path> manifests = children(root.resolve("wasm"), false).stream()
                .filter(p -> p.getFileName().toString().endsWith(".json"))
                .toList();
        if (!manifests.isEmpty()) {
            var tools = project.putArray("wasm_tools");
            for (Path m : manifests) {
                JsonNode tree = json(m, "wasm/" + m.getFileName(), problems);
                if (tree == null) {
                    continue;
                }
                if (tree.isObject() && tree.path("path").isTextual()) {
                    // Module paths are relative to wasm/; the validator sees them from the plugin root.
                    ((ObjectNode) tree).put("path", "wasm/" + tree.get("path").asText());
                }
                tools.add(tree);
            }
        }
        if (project.isEmpty()) {
            return;
        }
        // A project must list an agent; this stand-in is only there to satisfy that rule.
        project.putArray("agents").addObject().put("name", "plugin").put("prompt", "stand-in");
        String key = root.toString();
        ObjectNode settings = Json.object().put("version", 2);
        settings.set(key, project);
        SettingsResult result = SettingsFile.parse(Json.write(settings));
        if (result instanceof SettingsResult.Invalid invalid) {
            String prefix = "/" + key.replace("~", "~0").replace("/", "~1");
            invalid.problems()
                    .forEach(p -> problems.add(
                            (p.pointer().startsWith(prefix) ? p.pointer().substring(prefix.length()) : p.pointer())
                                    + ": " + p.message()));
            return;
        }
        ProjectConfig config =
                ((SettingsResult.Valid) result).settings().projects().get(key);
        mcp.putAll(config.mcpServers());
        wasm.addAll(config.wasmTools());
    }

    private static void unknownEntries(Path root, List<Dropped> dropped) {
        try (Stream<Path> s = Files.list(root)) {
            s.map(p -> p.getFileName().toString())
                    .filter(n -> !KNOWN_ENTRIES.contains(n) && !n.startsWith("."))
                    .sorted()
                    .forEach(n -> dropped.add(new Dropped("file", n, "not part of the plugin format")));
        } catch (IOException e) {
            dropped.add(new Dropped("file", ".", "cannot be listed: " + e.getMessage()));
        }
    }
}
