package svc.governance.permission;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import svc.config.Json;

/**
 * The settings file's {@code permissions} (project and agent level) as operator policy: rules
 * {@code Tool(glob)} in {@code allow}, {@code ask} and {@code deny}, and {@code default_mode}.
 * Their source is {@code policy}, like the operator's policy file; each rule's id says where it
 * was written ({@code settings:agent:<name>:deny:write_file(*.csv)}, {@code settings:project:...}).
 *
 * <p>A rule matches a call of its tool when its glob ({@code *} any run of characters, {@code ?}
 * one) matches the whole of some string value in the call's arguments, at any depth; {@code *}
 * matches every call. Inside the file the most specific level decides: when an agent-level rule
 * matches, the project's rules are not consulted for that call; within a level DENY beats ASK
 * beats ALLOW (the most restrictive of the matching rules), as the settings file's users expect.
 * When no rule of either level matches, {@code default_mode} (the agent's, else the project's)
 * decides: {@code ask} or {@code deny} become a rule of that behaviour over every tool (priority
 * {@link #DEFAULT_MODE_PRIORITY}); {@code allow}, {@code default} or none leave the engine's
 * default (ALLOW).
 *
 * <p>Against the other sources the surviving rule is an ordinary policy rule: ALLOW at
 * {@link Priorities#POLICY_ALLOW} (50), DENY and ASK at {@link Priorities#POLICY_DEFAULT} (50). So
 * a settings ALLOW cannot lift a DENY at 60 or above (profile, egress, feature flags, allowlist,
 * RBAC) nor a compliance-gate DENY, and does lift an ASK (the spec: ALLOW beats ASK); a settings
 * DENY stops a call every other source would allow.
 */
public final class SettingsRules implements RuleProvider {

    /** Priority of the rules {@code default_mode} makes: below every written rule. */
    public static final int DEFAULT_MODE_PRIORITY = 1;

    /** The modes {@code default_mode} takes here. */
    public static final List<String> DEFAULT_MODES = List.of("default", "allow", "ask", "deny");

    /** One level of the file: its rules as written and its {@code default_mode} (null: none). */
    public record Level(List<String> allow, List<String> ask, List<String> deny, String defaultMode) {
        public Level {
            allow = allow == null ? List.of() : List.copyOf(allow);
            ask = ask == null ? List.of() : List.copyOf(ask);
            deny = deny == null ? List.of() : List.copyOf(deny);
        }
    }

    private record Written(String id, String tool, String glob, Behavior behavior, String text) {}

    private final String origin;
    private final List<Written> project;
    private final String projectDefault;
    private final Map<String, List<Written>> agents;
    private final Map<String, String> agentDefaults;

    /**
     * @param origin the settings file's project path, named in every reason
     * @param project the project's level, or null
     * @param agents each agent's level by agent name
     */
    public SettingsRules(String origin, Level project, Map<String, Level> agents) {
        this.origin = origin;
        this.project = project == null ? List.of() : written("settings:project", project);
        this.projectDefault = project == null ? null : mode(project.defaultMode());
        Map<String, List<Written>> byAgent = new HashMap<>();
        Map<String, String> defaults = new HashMap<>();
        agents.forEach((name, level) -> {
            byAgent.put(name, written("settings:agent:" + name, level));
            String m = mode(level.defaultMode());
            if (m != null) {
                defaults.put(name, m);
            }
        });
        this.agents = Map.copyOf(byAgent);
        this.agentDefaults = Map.copyOf(defaults);
    }

    /** A {@code default_mode} as this provider reads it: lower case, or null when not written. */
    private static String mode(String written) {
        if (written == null || written.isBlank()) {
            return null;
        }
        String m = written.strip().toLowerCase(Locale.ROOT);
        if (!DEFAULT_MODES.contains(m)) {
            throw new IllegalArgumentException("default_mode `" + written + "` is not one of " + DEFAULT_MODES);
        }
        return m;
    }

    private static List<Written> written(String prefix, Level level) {
        List<Written> out = new ArrayList<>();
        add(out, prefix, level.deny(), Behavior.DENY);
        add(out, prefix, level.ask(), Behavior.ASK);
        add(out, prefix, level.allow(), Behavior.ALLOW);
        return List.copyOf(out);
    }

    private static void add(List<Written> out, String prefix, List<String> rules, Behavior behavior) {
        for (String text : rules) {
            int open = text.indexOf('(');
            String tool = open < 0 ? text.strip() : text.substring(0, open).strip();
            String glob = open < 0 ? "*" : text.substring(open + 1, text.length() - 1);
            String id = prefix + ":" + behavior.name().toLowerCase(Locale.ROOT) + ":" + tool + "(" + glob + ")";
            out.add(new Written(id, tool, glob, behavior, text));
        }
    }

    @Override
    public RuleSource source() {
        return RuleSource.POLICY;
    }

    @Override
    public List<PermissionRule> rulesFor(PermissionRequest request) {
        if (!(request.subject() instanceof Subject.Agent agent)) {
            return List.of();
        }
        String who = agent.name();
        Optional<Written> decided = strictest(agents.getOrDefault(who, List.of()), request);
        if (decided.isEmpty()) {
            decided = strictest(project, request);
        }
        if (decided.isPresent()) {
            Written w = decided.get();
            return List.of(rule(w.id(), request.tool(), w.behavior(), priority(w.behavior()), reason(w, who)));
        }
        String mode = agentDefaults.getOrDefault(who, projectDefault);
        if (mode == null || mode.equals("allow") || mode.equals("default")) {
            return List.of();
        }
        Behavior behavior = mode.equals("deny") ? Behavior.DENY : Behavior.ASK;
        String level = agentDefaults.containsKey(who) ? "agent:" + who : "project";
        return List.of(rule(
                "settings:" + level + ":default_mode:" + mode,
                request.tool(),
                behavior,
                DEFAULT_MODE_PRIORITY,
                "no rule of the settings file of " + origin + " names " + request.tool() + "; its default_mode is "
                        + mode));
    }

    private static PermissionRule rule(String id, String tool, Behavior behavior, int priority, String reason) {
        return PermissionRule.of(id, tool, behavior, priority, reason, RuleSource.POLICY);
    }

    private static int priority(Behavior behavior) {
        return behavior == Behavior.ALLOW ? Priorities.POLICY_ALLOW : Priorities.POLICY_DEFAULT;
    }

    private String reason(Written w, String agent) {
        String verb = switch (w.behavior()) {
            case ALLOW -> "allowed";
            case ASK -> "needs approval";
            case DENY -> "denied";
        };
        String level = w.id().startsWith("settings:agent:")
                ? "agent " + agent + "'s permissions"
                : "the project's permissions";
        return verb + " by `" + w.text() + "` in " + level + " (settings file, project " + origin + ")";
    }

    /** The most restrictive matching rule of one level (rules are kept deny, ask, allow). */
    private static Optional<Written> strictest(List<Written> level, PermissionRequest request) {
        JsonNode args = null;
        for (Written w : level) {
            if (!w.tool().equals(request.tool())) {
                continue;
            }
            if (w.glob().equals("*")) {
                return Optional.of(w);
            }
            if (args == null) {
                args = parse(request.argumentsJson());
            }
            if (anyString(args, w.glob())) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }

    private static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (IllegalArgumentException e) {
            return Json.MAPPER.getNodeFactory().textNode(json);
        }
    }

    private static boolean anyString(JsonNode node, String glob) {
        if (node.isTextual()) {
            return Glob.matches(glob, node.asText());
        }
        for (JsonNode child : node) {
            if (anyString(child, glob)) {
                return true;
            }
        }
        return false;
    }
}
