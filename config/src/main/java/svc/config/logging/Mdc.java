package svc.config.logging;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.MDC;

/**
 * The MDC keys svc logs carry, and a scope that sets them for a block and then puts back what was
 * there before (so nested scopes, such as an agent inside a run, restore the outer values):
 *
 * <pre>{@code
 * try (Mdc.Scope scope = Mdc.scope(Mdc.RUN_ID, runId).and(Mdc.AGENT, agent)) {
 *   log.info("tool call", kv("tool", name));
 * }
 * }</pre>
 *
 * <p>MDC is per thread: a scope must be closed on the thread that opened it.
 */
public final class Mdc {

    /** The pipeline run a line belongs to. */
    public static final String RUN_ID = "run_id";
    /** The agent that logged the line. */
    public static final String AGENT = "agent";
    /** The id that ties a line to one HTTP request or one message exchange. */
    public static final String CORRELATION_ID = "correlation_id";

    private Mdc() {}

    /** Sets {@code key} to {@code value} (a null value removes it) until the scope is closed. */
    public static Scope scope(String key, String value) {
        return new Scope().and(key, value);
    }

    /** A set of MDC entries, restored to their earlier values on {@link #close()}. */
    public static final class Scope implements AutoCloseable {
        /** The value each key had before this scope touched it (null: it had none). */
        private final Map<String, String> previous = new LinkedHashMap<>();

        private Scope() {}

        /** Adds one more entry to this scope. */
        public Scope and(String key, String value) {
            if (!previous.containsKey(key)) {
                previous.put(key, MDC.get(key));
            }
            put(key, value);
            return this;
        }

        @Override
        public void close() {
            previous.forEach(Scope::put);
            previous.clear();
        }

        private static void put(String key, String value) {
            if (value == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, value);
            }
        }
    }
}
