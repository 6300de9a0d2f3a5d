package svc.core.tools;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import svc.governance.permission.Glob;

/**
 * The tools the platform offers, by name. Delegation tools are not here: agents make those.
 * Tools known at start are registered by name; tools known only once a server runs (MCP) come
 * from a {@link ToolSource} that owns a name prefix. Registration may happen after start (a
 * plugin installed later), so the maps are replaced whole, never changed in place: readers on
 * actor threads see one consistent map without a lock.
 */
public final class ToolRegistry {

    private volatile Map<String, Tool> tools = Map.of();
    private volatile List<ToolSource> sources = List.of();

    public synchronized ToolRegistry register(Tool tool) {
        if (tools.containsKey(tool.name()) || sourceOf(tool.name()).isPresent()) {
            throw new IllegalArgumentException("tool registered twice: " + tool.name());
        }
        Map<String, Tool> next = new LinkedHashMap<>(tools);
        next.put(tool.name(), tool);
        tools = next;
        return this;
    }

    /** Removes a tool registered by name (a plugin's WASM tool when the plugin goes); false when none was. */
    public synchronized boolean unregister(String name) {
        if (!tools.containsKey(name)) {
            return false;
        }
        Map<String, Tool> next = new LinkedHashMap<>(tools);
        next.remove(name);
        tools = next;
        return true;
    }

    /** Adds a source of tools named {@code source.prefix() + …}; two sources may not share a prefix. */
    public synchronized ToolRegistry register(ToolSource source) {
        for (ToolSource s : sources) {
            if (s.prefix().startsWith(source.prefix()) || source.prefix().startsWith(s.prefix())) {
                throw new IllegalArgumentException(
                        "two tool sources claim the prefix " + source.prefix() + " (" + s.prefix() + ")");
            }
        }
        for (String name : tools.keySet()) {
            if (name.startsWith(source.prefix())) {
                throw new IllegalArgumentException("tool " + name + " is under the prefix of a source");
            }
        }
        List<ToolSource> next = new ArrayList<>(sources);
        next.add(source);
        sources = List.copyOf(next);
        return this;
    }

    /** The tool of that name; never blocks (a source's tool is a handle that connects when invoked). */
    public Optional<Tool> find(String name) {
        Tool tool = tools.get(name);
        if (tool != null) {
            return Optional.of(tool);
        }
        return sourceOf(name).flatMap(s -> s.find(name));
    }

    /** The tools registered by name (not those of sources, which may need a server to list). */
    public Collection<Tool> all() {
        return tools.values();
    }

    /** The sources, for health reports and shutdown. */
    public List<ToolSource> sources() {
        return sources;
    }

    /** Whether the name belongs to a source (its tool's description needs the server: list it off the actor). */
    public boolean fromSource(String name) {
        return sourceOf(name).isPresent();
    }

    /**
     * Every tool whose name one of the entries matches (exact names or globs with {@code *} and
     * {@code ?}), registered ones in registration order, then each source's. May block: it asks
     * a source for its list only when an entry could match one of its names.
     */
    public List<Tool> matching(Collection<String> entries) {
        Map<String, Tool> found = new LinkedHashMap<>();
        for (Tool t : tools.values()) {
            if (entries.stream().anyMatch(e -> Glob.matches(e, t.name()))) {
                found.put(t.name(), t);
            }
        }
        for (ToolSource s : sources) {
            if (entries.stream().anyMatch(e -> couldMatch(e, s.prefix()))) {
                for (Tool t : s.list(entries)) {
                    if (entries.stream().anyMatch(e -> Glob.matches(e, t.name()))) {
                        found.putIfAbsent(t.name(), t);
                    }
                }
            }
        }
        return List.copyOf(found.values());
    }

    /** Stops every source (the servers they started). */
    public void close() {
        for (ToolSource s : sources) {
            s.close();
        }
    }

    private Optional<ToolSource> sourceOf(String name) {
        for (ToolSource s : sources) {
            if (name.startsWith(s.prefix())) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Whether a name or glob could name something under the prefix (its literal head agrees with it). */
    public static boolean couldMatch(String entry, String prefix) {
        int wild = firstWildcard(entry);
        String head = wild < 0 ? entry : entry.substring(0, wild);
        return head.startsWith(prefix) || prefix.startsWith(head);
    }

    private static int firstWildcard(String s) {
        int star = s.indexOf('*');
        int q = s.indexOf('?');
        return star < 0 ? q : q < 0 ? star : Math.min(star, q);
    }
}
