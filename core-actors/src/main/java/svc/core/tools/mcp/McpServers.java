package svc.core.tools.mcp;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.settings.McpServerConfig;
import svc.core.tools.Tool;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolSource;

/**
 * Every MCP server the platform may use, from any origin (the settings file's {@code mcpServers},
 * a plugin's {@code .mcp.json}), as one {@link ToolSource} for the names {@code mcp__…}. Servers
 * are added through {@link #add}; none starts before its tools are first needed.
 */
public final class McpServers implements ToolSource {

    private static final Logger LOG = LoggerFactory.getLogger(McpServers.class);

    public static final String PREFIX = "mcp__";
    public static final String SEPARATOR = "__";
    /** Letters, digits, {@code -} and single {@code _}: a server name never holds the separator. */
    private static final Pattern SERVER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]*");

    private final McpSettings settings;
    private final Clock clock;
    private volatile Map<String, McpServerHandle> servers = Map.of();

    public McpServers(McpSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * Adds servers, nothing started. {@code origin} says where they come from in logs and
     * {@code /livez} ({@code settings}, {@code plugin:<name>}).
     *
     * @throws IllegalArgumentException naming the server, when a name is taken or not usable
     */
    public synchronized void add(String origin, Map<String, McpServerConfig> configs) {
        Map<String, McpServerHandle> next = new LinkedHashMap<>(servers);
        for (Map.Entry<String, McpServerConfig> e : configs.entrySet()) {
            String name = e.getKey();
            if (!SERVER_NAME.matcher(name).matches() || name.contains(SEPARATOR)) {
                throw new IllegalArgumentException("MCP server name `" + name + "` (" + origin
                        + ") must be letters, digits, `-` or `_` without `__`, since tools are named mcp__"
                        + "<server>__<tool>");
            }
            if (next.containsKey(name)) {
                throw new IllegalArgumentException("MCP server `" + name + "` (" + origin + ") is already defined");
            }
            next.put(name, new McpServerHandle(name, origin, e.getValue(), settings, clock));
        }
        servers = next;
    }

    /**
     * Removes the servers of one origin (a plugin uninstalled or replaced) and stops them: a
     * stdio server's process ends. Returns their names.
     */
    public synchronized List<String> remove(String origin) {
        Map<String, McpServerHandle> next = new LinkedHashMap<>(servers);
        List<McpServerHandle> gone = new ArrayList<>();
        next.values().removeIf(h -> {
            if (h.origin().equals(origin)) {
                gone.add(h);
                return true;
            }
            return false;
        });
        servers = next;
        gone.forEach(McpServerHandle::retire);
        if (!gone.isEmpty()) {
            LOG.info(
                    "MCP servers {} of {} removed and stopped",
                    gone.stream().map(McpServerHandle::name).toList(),
                    origin);
        }
        return gone.stream().map(McpServerHandle::name).toList();
    }

    /** Whether any server is defined. */
    public boolean isEmpty() {
        return servers.isEmpty();
    }

    @Override
    public String prefix() {
        return PREFIX;
    }

    @Override
    public Optional<Tool> find(String name) {
        if (!name.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = name.substring(PREFIX.length());
        int sep = rest.indexOf(SEPARATOR);
        if (sep <= 0 || sep + SEPARATOR.length() >= rest.length()) {
            return Optional.empty();
        }
        McpServerHandle server = servers.get(rest.substring(0, sep));
        if (server == null) {
            return Optional.empty();
        }
        String tool = rest.substring(sep + SEPARATOR.length());
        // Described from the last start when known; the call itself starts the server if needed.
        return Optional.of(server.knownTools().stream()
                .filter(t -> t.name().equals(tool))
                .findFirst()
                .map(t -> McpTool.of(server, t))
                .orElseGet(() -> new McpTool(server, tool, "[MCP server " + server.name() + "] " + tool, "{}")));
    }

    /**
     * Starts each server an entry could name and that is not yet running (a server that cannot
     * start is skipped, and shows so in health).
     */
    @Override
    public List<Tool> list(Collection<String> entries) {
        List<Tool> all = new ArrayList<>();
        for (McpServerHandle s : servers.values()) {
            String prefix = PREFIX + s.name() + SEPARATOR;
            if (entries.stream().noneMatch(e -> ToolRegistry.couldMatch(e, prefix))) {
                continue;
            }
            try {
                s.tools().forEach(t -> all.add(McpTool.of(s, t)));
            } catch (RuntimeException e) {
                LOG.warn("tools of MCP server {} not offered: {}", s.name(), McpServerHandle.describe(e));
            }
        }
        return all;
    }

    /**
     * The remote address behind a tool name (HTTP and SSE servers), for the egress allowlist
     * (G1), which judges it before every call like a URL in the arguments.
     */
    public Optional<String> remoteUrlOf(String toolName) {
        return find(toolName).flatMap(t -> ((McpTool) t).serverUrl());
    }

    @Override
    public List<Health> health() {
        return servers.values().stream().map(McpServerHandle::health).toList();
    }

    @Override
    public void close() {
        servers.values().forEach(McpServerHandle::stop);
    }
}
