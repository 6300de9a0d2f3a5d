package svc.governance.permission;

/** Who asks: an agent inside a run, or an API user. */
public sealed interface Subject {

    /** The name written into denial records (the spec's {@code agent} field). */
    String name();

    /** An agent of a run; its tool calls go through the agent allowlist. */
    record Agent(String name) implements Subject {
        public Agent {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("agent subject: name must not be blank");
            }
        }
    }

    /** A caller of the HTTP API; its "tool" is an endpoint class such as {@code pipelines.create}. */
    record ApiUser(String name) implements Subject {
        public ApiUser {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("api user subject: name must not be blank");
            }
        }
    }
}
