package svc.core.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.config.Json;
import svc.config.io.DiskFull;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentProfile;
import svc.governance.permission.Glob;
import svc.persistence.store.WorkingCopy;

/**
 * One tool call on behalf of an agent, outside any agent loop, through exactly the governance an
 * agent's call meets (the permission engine, then the tool, then POST_TOOL guardrails). With a
 * run id the tool works in that run's directory, governed by that run's profile; without one, in a
 * fresh scratch directory whose brief names the platform's default profile.
 */
public final class ToolInvoker {

    /** How the call ended: a denial (with its rule source), or the tool's result. */
    public sealed interface Outcome {}

    public record Denied(String ruleSource, String reason) implements Outcome {}

    public record Completed(ToolResult result) implements Outcome {}

    /** The request names an agent or tool that does not exist. */
    public static final class UnknownName extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public UnknownName(String message) {
            super(message);
        }
    }

    private final CoreSettings settings;
    private final AgentDirectory agents;
    private final ToolRegistry tools;
    private final ToolPermissions permissions;
    private final Executor blocking;
    private final WorkingCopy files;

    public ToolInvoker(
            CoreSettings settings,
            AgentDirectory agents,
            ToolRegistry tools,
            ToolPermissions permissions,
            Executor blocking,
            WorkingCopy files) {
        this.settings = settings;
        this.agents = agents;
        this.tools = tools;
        this.permissions = permissions;
        this.blocking = blocking;
        this.files = files;
    }

    /** The run files' store and this node's working copy, which calls for a run keep in step. */
    public WorkingCopy files() {
        return files;
    }

    public CompletionStage<Outcome> invoke(String runId, String agent, String toolName, JsonNode arguments) {
        AgentProfile profile = agents.find(agent).orElseThrow(() -> new UnknownName("no agent named '" + agent + "'"));
        Tool tool = tools.find(toolName).orElseThrow(() -> new UnknownName("no tool named '" + toolName + "'"));
        return CompletableFuture.supplyAsync(() -> call(runId, profile, tool, toolName, arguments), blocking);
    }

    /**
     * The same call on the caller's thread, for callers already on a blocking dispatcher (a
     * batch's records). Unknown names throw {@link UnknownName}.
     */
    public Outcome invokeHere(String runId, String agent, String toolName, JsonNode arguments) {
        AgentProfile profile = agents.find(agent).orElseThrow(() -> new UnknownName("no agent named '" + agent + "'"));
        Tool tool = tools.find(toolName).orElseThrow(() -> new UnknownName("no tool named '" + toolName + "'"));
        return call(runId, profile, tool, toolName, arguments);
    }

    /** The first roster agent whose tool list (names, globs) covers the tool: whom a batch runs it as by default. */
    public Optional<String> agentWithTool(String toolName) {
        return agents.all().stream()
                .filter(a -> a.tools().stream().anyMatch(entry -> Glob.matches(entry, toolName)))
                .map(AgentProfile::name)
                .findFirst();
    }

    private Outcome call(String runId, AgentProfile profile, Tool tool, String toolName, JsonNode arguments) {
        boolean forRun = runId != null && !runId.isBlank();
        String effectiveRun =
                forRun ? runId : "adhoc-" + UUID.randomUUID().toString().substring(0, 8);
        // The run's copy stays on this disk from the pull to the push (a finished run's may be swept).
        try (WorkingCopy.Lease lease = files.lease(effectiveRun)) {
            return call(forRun, effectiveRun, profile, tool, toolName, arguments);
        } finally {
            if (!forRun) {
                // A scratch directory serves this one call: where run files are a node-local copy (S3,
                // or clear files beside a sealed store) it is removed now; a directory store keeps it.
                files.evict(effectiveRun);
            }
        }
    }

    private Outcome call(
            boolean forRun, String effectiveRun, AgentProfile profile, Tool tool, String toolName, JsonNode arguments) {
        String args = Json.write(arguments == null ? Json.object() : arguments);
        Path dir = settings.runDir(effectiveRun);
        if (forRun) {
            // The permission check reads the run's brief, the tool its files: both from the store.
            files.pull(effectiveRun);
        } else {
            // A brief like a run's, so governance knows the profile (a run without one fails closed).
            try {
                Files.createDirectories(dir);
                Files.writeString(
                        dir.resolve("run.json"),
                        Json.write(Json.object()
                                .put("runId", effectiveRun)
                                .put("profile", "default")
                                .put("adhoc", true)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        ToolPermissions.Verdict verdict = permissions.check(effectiveRun, profile.name(), toolName, args);
        if (!verdict.allowed()) {
            if (verdict.needsApproval()) {
                // Outside a run nobody can be asked, so an ASK is refused, naming the rule, and stored as a denial.
                permissions.refused(effectiveRun, profile.name(), toolName, verdict, "nobody can approve it here");
                return new Denied(verdict.source(), verdict.reason() + " (needs a human approval)");
            }
            return new Denied(verdict.source(), verdict.reason());
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ToolContext context = new ToolContext(effectiveRun, profile.name(), dir, Map.of());
        ToolResult result;
        try {
            result = tool.invoke(context, Json.parse(args));
        } catch (Exception e) {
            if (DiskFull.in(e)) {
                // Not the tool's answer: the caller learns that the disk is full (a 507 over the API).
                throw new IllegalStateException(
                        toolName + " could not write the files of " + effectiveRun + ": " + e.getMessage(), e);
            }
            result = ToolResult.error(toolName + " failed: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        Completed completed = new Completed(permissions.afterTool(context, toolName, result));
        if (forRun) {
            // A scratch directory (no run) stays on this node; a run's files go to the store.
            files.push(effectiveRun);
        }
        return completed;
    }
}
