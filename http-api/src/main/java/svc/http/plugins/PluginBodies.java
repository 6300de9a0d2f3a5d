package svc.http.plugins;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import svc.config.settings.McpServerConfig;
import svc.config.settings.WasmToolConfig;
import svc.core.agent.Delegation;
import svc.core.hooks.HookSpec;
import svc.core.plugins.InstalledPlugin;
import svc.core.plugins.PluginAgents;
import svc.core.plugins.PluginBundle;
import svc.core.plugins.PluginCommands;

/** The request and response bodies of the plugin routes. */
final class PluginBodies {

    private PluginBodies() {}

    /** {@code POST /api/v1/plugins} with JSON: a plugin directory or {@code .tar.gz} the server can read. */
    record InstallFromPath(String path) {}

    /** {@code POST /plugins/commands/{qname}/invoke}. */
    record Invoke(String arguments) {}

    /** One installed plugin in the list. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record PluginSummary(
            String name,
            String version,
            String description,
            String sha256,
            Instant installedAt,
            String installedBy,
            int skills,
            int commands,
            int agents,
            int hooks,
            int mcpServers,
            int wasmTools) {

        static PluginSummary of(InstalledPlugin p) {
            PluginBundle b = p.bundle();
            return new PluginSummary(
                    p.name(),
                    b.manifest().version(),
                    b.manifest().description(),
                    p.sha256(),
                    p.installedAt(),
                    p.installedBy(),
                    b.skills().size(),
                    b.commands().size(),
                    b.agents().size(),
                    b.hooks().size(),
                    b.mcpServers().size(),
                    b.wasmTools().size());
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record SkillInfo(String name, String description) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record HookInfo(String event, String matcher, String command, long timeoutSeconds) {
        static HookInfo of(HookSpec h) {
            return new HookInfo(
                    h.event().name(), h.matcher(), h.command(), h.timeout().toSeconds());
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Dropped(String surface, String name, String reason) {}

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record InstallDrops(List<String> unsupportedHookTypes, List<Dropped> dropped) {
        static InstallDrops of(PluginBundle.Drops d) {
            return new InstallDrops(
                    d.unsupportedHookTypes(),
                    d.dropped().stream()
                            .map(x -> new Dropped(x.surface(), x.name(), x.reason()))
                            .toList());
        }
    }

    /** One plugin in full, with its install-drops. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record PluginDetail(
            String name,
            String version,
            String description,
            String sha256,
            Instant installedAt,
            String installedBy,
            List<SkillInfo> skills,
            List<CommandRecord> commands,
            List<String> agents,
            List<HookInfo> hooks,
            Map<String, McpServerConfig> mcpServers,
            List<WasmToolConfig> wasmTools,
            InstallDrops installDrops) {

        static PluginDetail of(InstalledPlugin p, PluginBundle.Drops drops) {
            PluginBundle b = p.bundle();
            return new PluginDetail(
                    p.name(),
                    b.manifest().version(),
                    b.manifest().description(),
                    p.sha256(),
                    p.installedAt(),
                    p.installedBy(),
                    b.skills().stream()
                            .map(s -> new SkillInfo(s.name(), s.description()))
                            .toList(),
                    b.commands().stream()
                            .map(c -> new CommandRecord(
                                    p.name() + ":" + c.name(),
                                    p.name(),
                                    c.name(),
                                    c.description(),
                                    c.agent(),
                                    c.argumentHint()))
                            .toList(),
                    b.agents().stream()
                            .map(a -> PluginAgents.qualifiedName(p.name(), a.name()))
                            .toList(),
                    b.hooks().stream().map(HookInfo::of).toList(),
                    b.mcpServers(),
                    b.wasmTools(),
                    InstallDrops.of(drops));
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record CommandRecord(
            String qname, String plugin, String name, String description, String agent, String argumentHint) {
        static CommandRecord of(PluginCommands.CommandInfo c) {
            return new CommandRecord(c.qname(), c.plugin(), c.name(), c.description(), c.agent(), c.argumentHint());
        }
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record InvocationRecord(
            String qname, String runId, String agent, String state, String answer, String failure, String stream) {
        static InvocationRecord of(PluginCommands.Invocation i) {
            return new InvocationRecord(
                    i.qname(),
                    i.runId(),
                    i.agent(),
                    i.state(),
                    i.answer(),
                    i.failure(),
                    "/api/v1/pipelines/" + i.runId() + "/stream");
        }
    }

    /** A plugin agent: the profile it runs with and where it comes from. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record AgentRecord(
            String name,
            String plugin,
            String agent,
            String description,
            String team,
            String tier,
            String model,
            List<String> tools,
            String systemPrompt,
            String delegationTool) {
        static AgentRecord of(PluginAgents.PluginAgent a) {
            return new AgentRecord(
                    a.profile().name(),
                    a.plugin(),
                    a.definition().name(),
                    a.definition().description(),
                    a.profile().team(),
                    a.profile().tier().name().toLowerCase(),
                    a.profile().model(),
                    a.profile().tools(),
                    a.definition().systemPrompt(),
                    Delegation.toolName(a.profile().name()));
        }
    }
}
