package svc.core.tools;

/**
 * The seam where the permission engine and guardrails judge a tool call before it runs. The
 * governance module fills it; {@link #ALLOW_ALL} is what a bare core uses.
 */
public interface ToolPermissions {

  /** The verdict on one call: allowed, or denied with the rule source and the reason. */
  record Verdict(boolean allowed, String source, String reason) {
    public static Verdict allow() {
      return new Verdict(true, "default", "");
    }

    public static Verdict deny(String source, String reason) {
      return new Verdict(false, source, reason);
    }
  }

  Verdict check(String runId, String agent, String tool, String argumentsJson);

  ToolPermissions ALLOW_ALL = (runId, agent, tool, args) -> Verdict.allow();
}
