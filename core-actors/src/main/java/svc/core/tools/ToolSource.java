package svc.core.tools;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Tools that are not known by name when the platform starts: those of MCP servers, whose list is
 * the server's answer once it runs. A source owns every tool name that starts with its {@link
 * #prefix}; {@link #find} must answer without blocking (it runs on an actor's thread), while
 * {@link #list} may start servers and wait for them (callers run it on a blocking dispatcher).
 */
public interface ToolSource extends AutoCloseable {

    /** Every tool of this source is named {@code prefix + something}, e.g. {@code mcp__}. */
    String prefix();

    /** The tool of that name, without contacting anything; empty when the name cannot be one of ours. */
    Optional<Tool> find(String name);

    /**
     * The tools this source offers now whose names the entries (names or globs) could match;
     * what no entry could match is not started for it. May block.
     */
    List<Tool> list(Collection<String> entries);

    /** What {@code /livez} shows of this source: one line per server it runs. */
    default List<Health> health() {
        return List.of();
    }

    /** Stops what the source started (coordinated shutdown). */
    @Override
    default void close() {}

    /**
     * One server's state: {@code state} is {@code not_started}, {@code running}, {@code crashed}
     * or {@code stopped}; {@code restarts} counts starts after the first.
     */
    record Health(String name, String kind, String state, int restarts, String detail) {}
}
