package svc.config.settings;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Walks a parsed settings tree and collects every problem with its JSON pointer. It never stops
 * at the first problem: a user fixing a file wants the whole list at once. A value of the wrong
 * type is reported once and then skipped, so one mistake does not cascade into many reports.
 *
 * <p>An optional field written as JSON {@code null} counts as not written.
 */
final class SettingsValidator {

    private static final Pattern AGENT_NAME =
            Pattern.compile("[a-z][a-z0-9-]*|plugin-[a-z0-9][a-z0-9-]*::[a-z][a-z0-9-]*");
    private static final Pattern WASM_TOOL_NAME = Pattern.compile("[a-z][a-z0-9_-]*");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private static final String VERSION = "version";

    private static final List<String> PROJECT_FIELDS = List.of(
            "agents",
            "supervisor",
            "defaults",
            "providers",
            "permissions",
            "hooks",
            "mcpServers",
            "wasm_tools",
            "sub_agent_defaults");
    private static final List<String> AGENT_FIELDS =
            List.of("name", "prompt", "model", "provider", "permissions", "delegate_mode", "mode");
    private static final List<String> SUPERVISOR_FIELDS = List.of("prompt", "model");
    private static final List<String> DEFAULTS_FIELDS = List.of(
            "model",
            "provider",
            "session_timeout",
            "commit_interval",
            "max_consecutive_errors",
            "max_total_errors",
            "mode",
            "liveness");
    private static final List<String> PROVIDER_FIELDS =
            List.of("type", "api_key_env", "base_url", "max_retries", "timeout");
    private static final List<String> PERMISSIONS_FIELDS = List.of("allow", "ask", "deny", "default_mode");
    /** What {@code default_mode} takes: {@code default} and {@code allow} are the engine's default (ALLOW). */
    static final List<String> DEFAULT_MODES = List.of("default", "allow", "ask", "deny");

    private static final List<String> LIVENESS_FIELDS = List.of(
            "enabled",
            "idle_nudge_after_secs",
            "idle_nudge_interval_secs",
            "max_nudges",
            "idle_warn_after_secs",
            "stall_timeout_secs",
            "auto_interrupt_stalled");
    private static final List<String> SUB_AGENT_FIELDS = List.of("max_depth", "max_delegations_per_run", "loop_scope");
    private static final List<String> LOOP_SCOPES = List.of("strict", "name_only");
    private static final List<String> MCP_SERVER_FIELDS = List.of("transport", "env");
    private static final List<String> STDIO_FIELDS = List.of("type", "command", "args");
    private static final List<String> HTTP_FIELDS = List.of("type", "url", "headers");
    private static final List<String> WASM_TOOL_FIELDS = List.of(
            "name",
            "path",
            "capabilities",
            "limits",
            "secrets",
            "workspace_prefixes",
            "endpoint_allowlist",
            "tool_aliases");
    private static final List<String> WASM_LIMITS_FIELDS = List.of(
            "max_memory_bytes",
            "fuel_limit",
            "execution_timeout_secs",
            "max_log_entries",
            "max_http_requests",
            "max_tool_invocations",
            "max_file_read_bytes");

    private final List<SettingsProblem> problems = new ArrayList<>();

    private SettingsValidator() {}

    /**
     * Every problem of the tree, empty when the tree is a valid settings file. The order is stable:
     * projects in file order, and within a project the sections in the spec's order (agents,
     * supervisor, defaults, providers, permissions, hooks, mcpServers, wasm_tools).
     */
    static List<SettingsProblem> validate(JsonNode root) {
        SettingsValidator validator = new SettingsValidator();
        validator.root(root);
        return List.copyOf(validator.problems);
    }

    // ---- the file's sections, outermost first ----

    private void root(JsonNode root) {
        JsonPointer at = JsonPointer.empty();
        if (!root.isObject()) {
            report(
                    at,
                    "the file must hold one JSON object with `version` and one key per project, " + "but it holds "
                            + describe(root));
            return;
        }
        JsonNode version = root.get(VERSION);
        if (version == null) {
            report(at.appendProperty(VERSION), "`version` is required: add \"version\": 2");
        } else {
            Long v = unsigned(version, at.appendProperty(VERSION), UnsignedType.U64);
            if (v != null && v != 1 && v != 2) {
                report(at.appendProperty(VERSION), "version " + v + " is not supported: use 1 or 2");
            }
        }
        int projects = 0;
        Map<Path, String> keysByDirectory = new HashMap<>();
        for (Map.Entry<String, JsonNode> entry : root.properties()) {
            if (!entry.getKey().equals(VERSION)) {
                projects++;
                JsonPointer projectAt = at.appendProperty(entry.getKey());
                Path dir = projectDirectory(entry.getKey(), projectAt);
                String sameProject = dir == null ? null : keysByDirectory.putIfAbsent(dir, entry.getKey());
                if (sameProject != null) {
                    report(
                            projectAt,
                            "`" + entry.getKey() + "` and `" + sameProject + "` name the same " + "project " + dir
                                    + ": merge them into one entry");
                }
                project(dir, entry.getValue(), projectAt);
            }
        }
        if (projects == 0) {
            report(
                    at,
                    "no project is configured: add one keyed by the project's absolute path, "
                            + "such as \"/home/me/proj\": {\"agents\": [{\"name\": \"dev\", \"prompt\": \"...\"}]}");
        }
    }

    /** The project directory named by a key, or null when the key is not an absolute path. */
    private Path projectDirectory(String key, JsonPointer at) {
        if (!key.startsWith("/")) {
            String hint = Suggestions.closest(key, List.of(VERSION))
                    .map(v -> " (if you meant the schema version, spell it `" + v + "`)")
                    .orElse("");
            report(
                    at,
                    "`" + key + "` is not a project: projects are keyed by their absolute path, "
                            + "such as /home/me/proj" + hint);
            return null;
        }
        Path normalized;
        try {
            normalized = Path.of(key).normalize();
        } catch (InvalidPathException e) {
            report(at, "project key `" + key + "` is not a valid path: " + e.getReason());
            return null;
        }
        if (!normalized.toString().equals(key)) {
            report(
                    at,
                    "project key `" + key + "` is not canonical (no `.` or `..` segments, no double "
                            + "or trailing slash): write it as `" + normalized + "`");
        }
        return normalized;
    }

    private void project(Path dir, JsonNode project, JsonPointer at) {
        if (!isObject(project, at, "a project")) {
            return;
        }
        fields(project, at, PROJECT_FIELDS);
        Set<String> providers = providerNames(project.get("providers"));
        JsonNode agents = project.get("agents");
        JsonPointer agentsAt = at.appendProperty("agents");
        if (agents == null || agents.isNull()) {
            report(
                    agentsAt,
                    "`agents` is required: list at least one agent, such as "
                            + "[{\"name\": \"dev\", \"prompt\": \"You are ...\"}]");
        } else if (!agents.isArray()) {
            report(agentsAt, "must be a list of agents, found " + describe(agents));
        } else if (agents.isEmpty()) {
            report(agentsAt, "at least one agent is required: add {\"name\": \"dev\", \"prompt\": \"...\"}");
        } else {
            Map<String, JsonPointer> names = new HashMap<>();
            for (int i = 0; i < agents.size(); i++) {
                agent(dir, agents.get(i), agentsAt.appendIndex(i), providers, names);
            }
        }
        optional(project, at, "supervisor", (v, p) -> supervisor(dir, v, p));
        optional(project, at, "defaults", (v, p) -> defaults(v, p, providers));
        optional(project, at, "providers", this::providers);
        optional(project, at, "permissions", this::permissions);
        optional(project, at, "hooks", (v, p) -> isObject(v, p, "the hooks object"));
        optional(project, at, "sub_agent_defaults", this::subAgentDefaults);
        optional(project, at, "mcpServers", this::mcpServers);
        optional(project, at, "wasm_tools", this::wasmTools);
    }

    private void agent(
            Path dir, JsonNode agent, JsonPointer at, Set<String> providers, Map<String, JsonPointer> names) {
        if (!isObject(agent, at, "an agent")) {
            return;
        }
        fields(agent, at, AGENT_FIELDS);
        String name = required(agent, at, "name", "a unique name such as \"reviewer\"");
        if (name != null) {
            JsonPointer nameAt = at.appendProperty("name");
            if (!AGENT_NAME.matcher(name).matches()) {
                report(
                        nameAt,
                        "agent name `" + name + "` must start with a lower-case letter and hold "
                                + "only lower-case letters, digits and `-` (pattern [a-z][a-z0-9-]*)");
            }
            JsonPointer first = names.putIfAbsent(name, nameAt);
            if (first != null) {
                report(
                        nameAt,
                        "agent name `" + name + "` is already used by the agent at " + first
                                + ": agent names must be unique within a project");
            }
        }
        String prompt = required(agent, at, "prompt", "the system prompt text, or @path/to/file");
        if (prompt != null) {
            prompt(dir, prompt, at.appendProperty("prompt"));
        }
        text(agent, at, "model");
        String provider = text(agent, at, "provider");
        if (provider != null) {
            providerReference(provider, at.appendProperty("provider"), providers);
        }
        optional(agent, at, "permissions", this::permissions);
        bool(agent, at, "delegate_mode");
        text(agent, at, "mode");
    }

    private void supervisor(Path dir, JsonNode supervisor, JsonPointer at) {
        if (!isObject(supervisor, at, "the supervisor settings")) {
            return;
        }
        fields(supervisor, at, SUPERVISOR_FIELDS);
        String prompt = text(supervisor, at, "prompt");
        if (prompt != null) {
            prompt(dir, prompt, at.appendProperty("prompt"));
        }
        text(supervisor, at, "model");
    }

    private void defaults(JsonNode defaults, JsonPointer at, Set<String> providers) {
        if (!isObject(defaults, at, "the defaults")) {
            return;
        }
        fields(defaults, at, DEFAULTS_FIELDS);
        text(defaults, at, "model");
        String provider = text(defaults, at, "provider");
        if (provider != null) {
            providerReference(provider, at.appendProperty("provider"), providers);
        }
        unsigned(defaults, at, "session_timeout", UnsignedType.U64);
        unsigned(defaults, at, "commit_interval", UnsignedType.U64);
        unsigned(defaults, at, "max_consecutive_errors", UnsignedType.U32);
        unsigned(defaults, at, "max_total_errors", UnsignedType.U32);
        text(defaults, at, "mode");
        optional(defaults, at, "liveness", this::liveness);
    }

    /**
     * The spec does not show these fields; here they are G10's delegation limits: {@code max_depth}
     * (1 to 2147483647), {@code max_delegations_per_run} (the same) and {@code loop_scope}
     * ({@code strict} or {@code name_only}).
     */
    private void subAgentDefaults(JsonNode limits, JsonPointer at) {
        if (!isObject(limits, at, "the sub-agent limits")) {
            return;
        }
        fields(limits, at, SUB_AGENT_FIELDS);
        for (String field : List.of("max_depth", "max_delegations_per_run")) {
            JsonNode value = limits.get(field);
            if (value != null && !value.isNull()) {
                Long n = unsigned(value, at.appendProperty(field), UnsignedType.U32);
                if (n != null && (n < 1 || n > Integer.MAX_VALUE)) {
                    report(at.appendProperty(field), "must be from 1 to " + Integer.MAX_VALUE + ", found " + n);
                }
            }
        }
        String scope = text(limits, at, "loop_scope");
        if (scope != null && !LOOP_SCOPES.contains(scope)) {
            report(
                    at.appendProperty("loop_scope"),
                    "loop_scope `" + scope + "` is not a scope: use `strict` (agent and arguments) or `name_only`"
                            + Suggestions.didYouMean(scope, LOOP_SCOPES));
        }
    }

    private void liveness(JsonNode liveness, JsonPointer at) {
        if (!isObject(liveness, at, "the liveness settings")) {
            return;
        }
        fields(liveness, at, LIVENESS_FIELDS);
        bool(liveness, at, "enabled");
        unsigned(liveness, at, "idle_nudge_after_secs", UnsignedType.U64);
        unsigned(liveness, at, "idle_nudge_interval_secs", UnsignedType.U64);
        unsigned(liveness, at, "max_nudges", UnsignedType.U32);
        unsigned(liveness, at, "idle_warn_after_secs", UnsignedType.U64);
        unsigned(liveness, at, "stall_timeout_secs", UnsignedType.U64);
        bool(liveness, at, "auto_interrupt_stalled");
    }

    /**
     * The names the providers map defines (those with problems too: a broken provider is reported
     * once, at its own pointer, not again at every agent that names it).
     */
    private static Set<String> providerNames(JsonNode providers) {
        Set<String> names = new LinkedHashSet<>();
        if (providers != null && providers.isObject()) {
            providers.properties().forEach(entry -> names.add(entry.getKey()));
        }
        return names;
    }

    private void providers(JsonNode providers, JsonPointer at) {
        if (!providers.isObject()) {
            report(at, "must be an object of named providers, found " + describe(providers));
            return;
        }
        for (Map.Entry<String, JsonNode> entry : providers.properties()) {
            provider(entry.getValue(), at.appendProperty(entry.getKey()));
        }
    }

    private void provider(JsonNode provider, JsonPointer at) {
        if (!isObject(provider, at, "a provider")) {
            return;
        }
        fields(provider, at, PROVIDER_FIELDS);
        String type = required(provider, at, "type", "\"" + ProviderConfig.ANTHROPIC + "\"");
        if (type != null && !type.equals(ProviderConfig.ANTHROPIC)) {
            report(
                    at.appendProperty("type"),
                    "provider type `" + type + "` is not supported: the " + "only supported type is `"
                            + ProviderConfig.ANTHROPIC + "`");
        }
        String keyEnv = text(provider, at, "api_key_env");
        if (keyEnv != null) {
            JsonPointer keyAt = at.appendProperty("api_key_env");
            if (keyEnv.startsWith("sk-")) {
                report(
                        keyAt,
                        "this looks like an API key itself: keep the key in an environment "
                                + "variable and put that variable's name here, such as ANTHROPIC_API_KEY");
            } else if (!ENV_NAME.matcher(keyEnv).matches()) {
                report(
                        keyAt,
                        "`" + keyEnv + "` is not an environment variable name: use letters, "
                                + "digits and `_`, not starting with a digit");
            }
        }
        String baseUrl = text(provider, at, "base_url");
        if (baseUrl != null) {
            httpUrl(baseUrl, at.appendProperty("base_url"));
        }
        unsigned(provider, at, "max_retries", UnsignedType.U32);
        unsigned(provider, at, "timeout", UnsignedType.U64);
    }

    private void providerReference(String name, JsonPointer at, Set<String> providers) {
        if (providers.contains(name) || name.equals(DefaultsConfig.DEFAULT_PROVIDER)) {
            return;
        }
        Set<String> known = new LinkedHashSet<>(providers);
        known.add(DefaultsConfig.DEFAULT_PROVIDER);
        report(
                at,
                "provider `" + name + "` is not defined in this project's `providers`"
                        + Suggestions.didYouMean(name, known) + " (defined: " + String.join(", ", known) + ")");
    }

    private void permissions(JsonNode permissions, JsonPointer at) {
        if (!isObject(permissions, at, "the permissions")) {
            return;
        }
        fields(permissions, at, PERMISSIONS_FIELDS);
        for (String list : List.of("allow", "ask", "deny")) {
            strings(permissions, at, list, (rule, ruleAt) -> {
                try {
                    PermissionRule.parse(rule);
                } catch (IllegalArgumentException e) {
                    report(ruleAt, e.getMessage());
                }
            });
        }
        String mode = text(permissions, at, "default_mode");
        if (mode != null && !DEFAULT_MODES.contains(mode)) {
            // Any other mode would be accepted and do nothing: refused, with what it can be here.
            report(
                    at.appendProperty("default_mode"),
                    "default_mode `" + mode + "` is not a mode here: use one of " + String.join(", ", DEFAULT_MODES)
                            + " (what a tool call no rule names gets)" + Suggestions.didYouMean(mode, DEFAULT_MODES));
        }
    }

    private void mcpServers(JsonNode servers, JsonPointer at) {
        if (!servers.isObject()) {
            report(at, "must be an object of named MCP servers, found " + describe(servers));
            return;
        }
        for (Map.Entry<String, JsonNode> entry : servers.properties()) {
            JsonPointer serverAt = at.appendProperty(entry.getKey());
            JsonNode server = entry.getValue();
            if (!isObject(server, serverAt, "an MCP server")) {
                continue;
            }
            fields(server, serverAt, MCP_SERVER_FIELDS);
            JsonNode transport = server.get("transport");
            if (transport == null || transport.isNull()) {
                report(
                        serverAt.appendProperty("transport"),
                        "`transport` is required, such as " + "{\"type\": \"stdio\", \"command\": \"my-server\"}");
            } else {
                transport(transport, serverAt.appendProperty("transport"));
            }
            stringMap(server, serverAt, "env");
        }
    }

    private void transport(JsonNode transport, JsonPointer at) {
        if (!isObject(transport, at, "a transport")) {
            return;
        }
        String types = "`stdio`, `http` or `sse`";
        JsonPointer typeAt = at.appendProperty("type");
        JsonNode type = transport.get("type");
        if (type == null || type.isNull()) {
            report(typeAt, "`type` is required: say how to reach the server with " + types);
            return;
        }
        if (!type.isTextual()) {
            report(typeAt, "must be a string (" + types + "), found " + describe(type));
            return;
        }
        switch (type.asText()) {
            case "stdio" -> {
                fields(transport, at, STDIO_FIELDS);
                required(transport, at, "command", "the program that starts the server");
                strings(transport, at, "args", (arg, argAt) -> {});
            }
            case "http", "sse" -> {
                fields(transport, at, HTTP_FIELDS);
                String url = required(
                        transport, at, "url", "the server's address, such as " + "\"https://mcp.example.com/mcp\"");
                if (url != null) {
                    httpUrl(url, at.appendProperty("url"));
                }
                stringMap(transport, at, "headers");
            }
            default ->
                report(
                        typeAt,
                        "`" + type.asText() + "` is not a transport type: use " + types
                                + Suggestions.didYouMean(type.asText(), McpTransport.TYPES));
        }
    }

    private void wasmTools(JsonNode tools, JsonPointer at) {
        if (!tools.isArray()) {
            report(at, "must be a list of WASM tools, found " + describe(tools));
            return;
        }
        Map<String, JsonPointer> names = new HashMap<>();
        for (int i = 0; i < tools.size(); i++) {
            wasmTool(tools.get(i), at.appendIndex(i), names);
        }
    }

    private void wasmTool(JsonNode tool, JsonPointer at, Map<String, JsonPointer> names) {
        if (!isObject(tool, at, "a WASM tool")) {
            return;
        }
        fields(tool, at, WASM_TOOL_FIELDS);
        String name = required(tool, at, "name", "a unique name such as \"csv_reader\"");
        if (name != null) {
            JsonPointer nameAt = at.appendProperty("name");
            if (!WASM_TOOL_NAME.matcher(name).matches()) {
                report(
                        nameAt,
                        "WASM tool name `" + name + "` must start with a lower-case letter and "
                                + "hold only lower-case letters, digits, `_` and `-` (pattern [a-z][a-z0-9_-]*)");
            }
            JsonPointer first = names.putIfAbsent(name, nameAt);
            if (first != null) {
                report(
                        nameAt,
                        "WASM tool name `" + name + "` is already used by the tool at " + first
                                + ": tool names must be unique within a project");
            }
        }
        required(tool, at, "path", "the path of the .wasm component file");
        strings(tool, at, "capabilities", (capability, capabilityAt) -> {
            if (Capability.fromFileName(capability).isEmpty()) {
                report(
                        capabilityAt,
                        "`" + capability + "` is not a capability"
                                + Suggestions.didYouMean(capability, Capability.fileNames())
                                + " (capabilities: " + String.join(", ", Capability.fileNames()) + ")");
            }
        });
        optional(tool, at, "limits", this::wasmLimits);
        strings(tool, at, "secrets", (s, p) -> {});
        strings(tool, at, "workspace_prefixes", (s, p) -> {});
        strings(tool, at, "endpoint_allowlist", (s, p) -> {});
        stringMap(tool, at, "tool_aliases");
    }

    private void wasmLimits(JsonNode limits, JsonPointer at) {
        if (!isObject(limits, at, "the WASM limits")) {
            return;
        }
        fields(limits, at, WASM_LIMITS_FIELDS);
        unsigned(limits, at, "max_memory_bytes", UnsignedType.USIZE);
        unsigned(limits, at, "fuel_limit", UnsignedType.U64);
        unsigned(limits, at, "execution_timeout_secs", UnsignedType.U64);
        unsigned(limits, at, "max_log_entries", UnsignedType.USIZE);
        unsigned(limits, at, "max_http_requests", UnsignedType.USIZE);
        unsigned(limits, at, "max_tool_invocations", UnsignedType.USIZE);
        unsigned(limits, at, "max_file_read_bytes", UnsignedType.USIZE);
    }

    // ---- value rules shared by several sections ----

    /** An {@code @path} prompt must name a readable file relative to the project directory. */
    private void prompt(Path projectDir, String prompt, JsonPointer at) {
        if (!prompt.startsWith("@") || projectDir == null) {
            return;
        }
        String relative = prompt.substring(1);
        if (relative.isBlank()) {
            report(
                    at,
                    "`@` must be followed by a file path relative to the project directory, "
                            + "such as @prompts/reviewer.md");
            return;
        }
        Path file;
        try {
            file = projectDir.resolve(relative).normalize();
        } catch (InvalidPathException e) {
            report(at, "prompt file `" + relative + "` is not a valid path: " + e.getReason());
            return;
        }
        if (!Files.isRegularFile(file)) {
            report(
                    at,
                    "prompt file `" + relative + "` does not exist: looked for " + file
                            + " (paths after @ are relative to the project directory)");
        } else if (!Files.isReadable(file)) {
            report(at, "prompt file " + file + " is not readable: check its permissions");
        }
    }

    private void httpUrl(String url, JsonPointer at) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme();
            if (scheme == null || !(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                report(at, "`" + url + "` is not an http(s) address: write it as https://host[:port]/path");
            }
        } catch (URISyntaxException e) {
            report(at, "`" + url + "` is not a valid address: " + e.getReason());
        }
    }

    // ---- typed field access: each reports a problem and returns null when the value is wrong ----

    /** Reports every field of {@code object} that is not in {@code known}. */
    private void fields(JsonNode object, JsonPointer at, List<String> known) {
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            String field = entry.getKey();
            if (!known.contains(field)) {
                String suggestion = Suggestions.closest(field, known)
                        .map(k -> "did you mean `" + k + "`?")
                        .orElse("the fields allowed here are " + String.join(", ", known));
                report(at.appendProperty(field), "unknown field `" + field + "`: " + suggestion);
            }
        }
    }

    private boolean isObject(JsonNode value, JsonPointer at, String what) {
        if (value.isObject()) {
            return true;
        }
        report(at, "must be an object (" + what + "), found " + describe(value));
        return false;
    }

    /** Calls {@code check} with the field's value when it is written and not null. */
    private void optional(JsonNode object, JsonPointer at, String field, BiConsumer<JsonNode, JsonPointer> check) {
        JsonNode value = object.get(field);
        if (value != null && !value.isNull()) {
            check.accept(value, at.appendProperty(field));
        }
    }

    /** A required non-empty string; {@code hint} says what to write when it is missing. */
    private String required(JsonNode object, JsonPointer at, String field, String hint) {
        if (object.get(field) == null) {
            report(at.appendProperty(field), "`" + field + "` is required: give " + hint);
            return null;
        }
        return textValue(object.get(field), at.appendProperty(field));
    }

    /** An optional non-empty string. */
    private String text(JsonNode object, JsonPointer at, String field) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        return textValue(value, at.appendProperty(field));
    }

    private String textValue(JsonNode value, JsonPointer at) {
        if (!value.isTextual()) {
            report(at, "must be a string, found " + describe(value));
            return null;
        }
        if (value.asText().isBlank()) {
            report(at, "must not be empty");
            return null;
        }
        return value.asText();
    }

    private void bool(JsonNode object, JsonPointer at, String field) {
        JsonNode value = object.get(field);
        if (value != null && !value.isNull() && !value.isBoolean()) {
            report(at.appendProperty(field), "must be true or false, found " + describe(value));
        }
    }

    /** Calls {@code each} for every string of an optional list of strings. */
    private void strings(JsonNode object, JsonPointer at, String field, BiConsumer<String, JsonPointer> each) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return;
        }
        JsonPointer listAt = at.appendProperty(field);
        if (!value.isArray()) {
            report(listAt, "must be a list of strings, found " + describe(value));
            return;
        }
        for (int i = 0; i < value.size(); i++) {
            JsonNode item = value.get(i);
            if (item.isTextual()) {
                each.accept(item.asText(), listAt.appendIndex(i));
            } else {
                report(listAt.appendIndex(i), "must be a string, found " + describe(item));
            }
        }
    }

    /** An optional object whose values are all strings. */
    private void stringMap(JsonNode object, JsonPointer at, String field) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return;
        }
        JsonPointer mapAt = at.appendProperty(field);
        if (!value.isObject()) {
            report(mapAt, "must be an object of string values, found " + describe(value));
            return;
        }
        for (Map.Entry<String, JsonNode> entry : value.properties()) {
            if (!entry.getValue().isTextual()) {
                report(mapAt.appendProperty(entry.getKey()), "must be a string, found " + describe(entry.getValue()));
            }
        }
    }

    private void unsigned(JsonNode object, JsonPointer at, String field, UnsignedType type) {
        JsonNode value = object.get(field);
        if (value != null && !value.isNull()) {
            unsigned(value, at.appendProperty(field), type);
        }
    }

    private Long unsigned(JsonNode value, JsonPointer at, UnsignedType type) {
        if (!value.isNumber()) {
            report(at, "must be a whole number from 0 to " + type.max + ", found " + describe(value));
            return null;
        }
        if (!value.isIntegralNumber()) {
            report(at, "must be a whole number, found " + value.asText());
            return null;
        }
        BigInteger number = value.bigIntegerValue();
        if (number.signum() < 0) {
            report(at, "must not be negative, found " + number);
            return null;
        }
        if (number.compareTo(BigInteger.valueOf(type.max)) > 0) {
            report(at, "is too large: at most " + type.max + " (" + type.label + "), found " + number);
            return null;
        }
        return number.longValue();
    }

    private void report(JsonPointer at, String message) {
        problems.add(new SettingsProblem(at.toString(), message));
    }

    private static String describe(JsonNode value) {
        return switch (value.getNodeType()) {
            case STRING -> "the string \"" + value.asText() + "\"";
            case NUMBER -> "the number " + value.asText();
            case BOOLEAN -> value.asText();
            case ARRAY -> "a list";
            case OBJECT -> "an object";
            case NULL -> "null";
            default -> value.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    /**
     * The spec's unsigned types. Values are held in a Java {@code long}, so u64 and usize stop at
     * 2^63-1; no setting of the spec (seconds, bytes, counts) needs more.
     */
    private enum UnsignedType {
        U32("u32", 4_294_967_295L),
        U64("u64", Long.MAX_VALUE),
        USIZE("usize", Long.MAX_VALUE);

        private final String label;
        private final long max;

        UnsignedType(String label, long max) {
            this.label = label;
            this.max = max;
        }
    }
}
