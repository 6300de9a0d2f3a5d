package svc.core.plugins;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import svc.core.run.RunService;
import svc.core.run.RunSpec;
import svc.core.run.RunState;
import svc.core.run.RunView;

/**
 * Plugin commands. A command is named {@code <plugin>:<command>}; invoking it replaces
 * {@code $ARGUMENTS} in its body with the caller's arguments and starts a task run
 * ({@link RunService#startTask}) that gives the text to the agent the command names (a built-in
 * agent, or one of its plugin's agents), or to the director. The run is a run like any other: it
 * is admitted, governed, journaled and streamed, so a caller can follow it live.
 * With {@value #FLAG} off there are no commands.
 */
public final class PluginCommands {

    public static final String FLAG = "plugin_commands_enabled";
    public static final String TEMPLATE = "plugin_command";
    private static final Duration POLL = Duration.ofMillis(200);

    /** One command as listed: its qualified name, what it does, whom it asks. */
    public record CommandInfo(
            String qname, String plugin, String name, String description, String agent, String argumentHint) {}

    /** How an invocation ended, or where it is when the wait ran out ({@code answer} null then). */
    public record Invocation(String qname, String runId, String agent, String state, String answer, String failure) {}

    private final PluginService plugins;
    private final RunService runs;
    private final Supplier<String> director;
    private final Executor blocking;

    public PluginCommands(PluginService plugins, RunService runs, Supplier<String> director, Executor blocking) {
        this.plugins = plugins;
        this.runs = runs;
        this.director = director;
        this.blocking = blocking;
    }

    public List<CommandInfo> list() {
        requireFlag();
        List<CommandInfo> out = new ArrayList<>();
        for (InstalledPlugin p : plugins.current()) {
            for (PluginBundle.Command c : p.bundle().commands()) {
                out.add(new CommandInfo(
                        p.name() + ":" + c.name(),
                        p.name(),
                        c.name(),
                        c.description(),
                        agentOf(p, c),
                        c.argumentHint()));
            }
        }
        return out;
    }

    /** Starts the command's task run and waits up to {@code wait} for its answer. */
    public CompletionStage<Invocation> invoke(String qname, String arguments, String by, Duration wait) {
        requireFlag();
        int colon = qname.indexOf(':');
        String pluginName = colon < 0 ? "" : qname.substring(0, colon);
        String commandName = colon < 0 ? qname : qname.substring(colon + 1);
        InstalledPlugin plugin = plugins.find(pluginName)
                .orElseThrow(() -> PluginException.notFound("no command " + qname
                        + ": commands are named <plugin>:<command> and no plugin " + pluginName + " is installed"));
        PluginBundle.Command command = plugin.bundle().commands().stream()
                .filter(c -> c.name().equals(commandName))
                .findFirst()
                .orElseThrow(() -> PluginException.notFound("plugin " + pluginName + " has no command " + commandName));
        String agent = agentOf(plugin, command);
        if (agent.startsWith(PluginAgents.PREFIX) && !plugins.enabled(PluginAgents.FLAG)) {
            throw PluginException.disabled(PluginAgents.FLAG + " (command " + qname + " runs on " + agent + ")");
        }
        String text = command.body().replace("$ARGUMENTS", arguments == null ? "" : arguments);
        Instant deadline = Instant.now().plus(wait);
        return runs.startTask(agent, text, TEMPLATE, by)
                .thenComposeAsync(started -> await(qname, agent, started.runId(), deadline), blocking);
    }

    private CompletionStage<Invocation> await(String qname, String agent, String runId, Instant deadline) {
        return runs.get(runId)
                .thenComposeAsync(
                        view -> {
                            boolean over = RunState.ofWireName(view.state())
                                    .map(RunState::isFinished)
                                    .orElse(false);
                            if (over || Instant.now().isAfter(deadline)) {
                                return CompletableFuture.completedFuture(invocation(qname, agent, view));
                            }
                            return CompletableFuture.supplyAsync(
                                            () -> runId,
                                            CompletableFuture.delayedExecutor(
                                                    POLL.toMillis(), TimeUnit.MILLISECONDS, blocking))
                                    .thenComposeAsync(id -> await(qname, agent, id, deadline), blocking);
                        },
                        blocking);
    }

    private static Invocation invocation(String qname, String agent, RunView view) {
        Object answer = view.facts().get(RunSpec.ANSWER_FACT);
        return new Invocation(
                qname, view.runId(), agent, view.state(), answer == null ? null : answer.toString(), view.failure());
    }

    /** The agent a command names, qualified: its plugin's agent, a built-in agent, or the director. */
    private String agentOf(InstalledPlugin plugin, PluginBundle.Command c) {
        if (c.agent() == null || c.agent().isBlank()) {
            return director.get();
        }
        boolean own = plugin.bundle().agents().stream().anyMatch(a -> a.name().equals(c.agent()));
        return own ? PluginAgents.qualifiedName(plugin.name(), c.agent()) : c.agent();
    }

    private void requireFlag() {
        if (!plugins.enabled(FLAG)) {
            throw PluginException.disabled(FLAG);
        }
    }
}
