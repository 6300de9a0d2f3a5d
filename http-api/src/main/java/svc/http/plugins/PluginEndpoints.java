package svc.http.plugins;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractMaterializer;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequestEntity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.MediaType;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import svc.core.plugins.InstalledPlugin;
import svc.core.plugins.PluginAgents;
import svc.core.plugins.PluginCommands;
import svc.core.plugins.PluginException;
import svc.core.plugins.PluginService;
import svc.governance.permission.Role;
import svc.http.plugins.PluginBodies.AgentRecord;
import svc.http.plugins.PluginBodies.CommandRecord;
import svc.http.plugins.PluginBodies.InstallFromPath;
import svc.http.plugins.PluginBodies.InvocationRecord;
import svc.http.plugins.PluginBodies.Invoke;
import svc.http.plugins.PluginBodies.PluginDetail;
import svc.http.plugins.PluginBodies.PluginSummary;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/**
 * Plugins: install (admin; a {@code .tar.gz} body, or JSON {@code {"path"}} naming a directory or
 * archive on the server), list, detail with install-drops, remove (admin); plugin commands (list,
 * invoke: the answer when the task run ends within {@code svc.plugins.command-wait}, else 202 with
 * the run to follow) and plugin agents, at {@code /plugins/...} as the spec writes them and under
 * {@code /api/v1/plugins/...}. With {@code plugin_commands_enabled} or {@code plugin_agents_enabled}
 * off, their routes answer 404 naming the flag.
 */
public final class PluginEndpoints {

    private static final String GZIP = "application/gzip";

    private final PluginService plugins;
    private final PluginCommands commands;
    private final PluginAgents agents;
    private final Duration commandWait;
    private final Executor callbacks;

    public PluginEndpoints(
            PluginService plugins,
            PluginCommands commands,
            PluginAgents agents,
            Duration commandWait,
            Executor callbacks) {
        this.plugins = plugins;
        this.commands = commands;
        this.agents = agents;
        this.commandWait = commandWait;
        this.callbacks = callbacks;
    }

    public List<Endpoint> endpoints() {
        List<Endpoint> all = new ArrayList<>(List.of(
                new Endpoint(
                        "GET",
                        "/api/v1/plugins",
                        Role.VIEWER,
                        "plugins.list",
                        Doc.of("plugins", "List installed plugins", "PluginList")
                                .errors(401, 429),
                        this::list),
                new Endpoint(
                        "POST",
                        "/api/v1/plugins",
                        Role.ADMIN,
                        "plugins.install",
                        Doc.of(
                                        "plugins",
                                        "Install a plugin from a .tar.gz body (application/gzip), or from JSON"
                                                + " {\"path\": ...} naming a plugin directory or archive on the server",
                                        "PluginDetail")
                                .upload(null, GZIP)
                                .status(201)
                                .errors(400, 401, 403, 409, 413, 415, 429),
                        this::install),
                new Endpoint(
                        "GET",
                        "/api/v1/plugins/{name}",
                        Role.VIEWER,
                        "plugins.get",
                        Doc.of("plugins", "One plugin with its surfaces and install-drops", "PluginDetail")
                                .errors(401, 404, 429),
                        this::get),
                new Endpoint(
                        "DELETE",
                        "/api/v1/plugins/{name}",
                        Role.ADMIN,
                        "plugins.remove",
                        Doc.of("plugins", "Remove a plugin", "PluginDetail").errors(401, 403, 404, 429),
                        this::remove)));
        // The spec writes these paths without /api/v1; both are served, the prefixed ones as aliases.
        for (String prefix : List.of("", "/api/v1")) {
            String v1 = prefix.isEmpty() ? "" : ".v1";
            all.add(new Endpoint(
                    "GET",
                    prefix + "/plugins/commands",
                    Role.VIEWER,
                    "plugins.commands" + v1,
                    Doc.of("plugins", "List plugin commands (plugin_commands_enabled)", "PluginCommandList")
                            .errors(401, 404, 429),
                    this::commands));
            all.add(new Endpoint(
                    "POST",
                    prefix + "/plugins/commands/{qname}/invoke",
                    Role.OPERATOR,
                    "plugins.commands.invoke" + v1,
                    Doc.of(
                                    "plugins",
                                    "Invoke a command <plugin>:<command> with {arguments}: a task run for its agent;"
                                            + " 200 with the answer, or 202 while the run goes on",
                                    "PluginInvocation")
                            .body("PluginInvoke")
                            .errors(400, 401, 403, 404, 429),
                    this::invoke));
            all.add(new Endpoint(
                    "GET",
                    prefix + "/plugins/agents",
                    Role.VIEWER,
                    "plugins.agents" + v1,
                    Doc.of("plugins", "List plugin agents (plugin_agents_enabled); ?plugin= filters", "PluginAgentList")
                            .query(new Endpoint.Query("plugin", "string", "only this plugin's agents"))
                            .errors(401, 404, 429),
                    this::agents));
            all.add(new Endpoint(
                    "GET",
                    prefix + "/plugins/agents/{qname}",
                    Role.VIEWER,
                    "plugins.agent" + v1,
                    Doc.of("plugins", "One plugin agent, plugin-<name>::<agent>", "PluginAgent")
                            .errors(401, 404, 429),
                    this::agent));
        }
        return all;
    }

    private Route list(Call call) {
        List<PluginSummary> items =
                plugins.current().stream().map(PluginSummary::of).toList();
        return complete(StatusCodes.OK, new Page<>(items, items.size(), items.size(), 0), JsonSupport.json());
    }

    private Route get(Call call) {
        InstalledPlugin p = plugins.find(call.param("name"))
                .orElseThrow(() -> ApiProblem.notFound("no plugin named " + call.param("name") + " is installed"));
        return complete(StatusCodes.OK, PluginDetail.of(p, plugins.drops(p)), JsonSupport.json());
    }

    private Route remove(Call call) {
        return onSuccess(
                plugins.remove(call.param("name")),
                p -> complete(StatusCodes.OK, PluginDetail.of(p, plugins.drops(p)), JsonSupport.json()));
    }

    private Route install(Call call) {
        String by = call.caller().subject();
        long limit = plugins.settings().maxBytes();
        return extractRequestEntity(declared -> {
            MediaType media = declared.getContentType().mediaType();
            String type = (media.mainType() + "/" + media.subType()).toLowerCase(Locale.ROOT);
            if (type.equals("application/json")) {
                return entity(JsonSupport.body(InstallFromPath.class), body -> {
                    if (body.path() == null || body.path().isBlank()) {
                        throw ApiProblem.badRequest("path: must name a plugin directory or .tar.gz file");
                    }
                    return installed(plugins.installPath(Path.of(body.path()), by));
                });
            }
            if (!type.equals(GZIP) && !type.equals("application/x-gzip") && !type.equals("application/octet-stream")) {
                throw ApiProblem.unsupportedMediaType(
                        "a plugin is installed from an application/gzip body (.tar.gz) or JSON {path}; got " + type);
            }
            OptionalLong length = declared.getContentLengthOption();
            if (length.isPresent() && length.getAsLong() > limit) {
                throw ApiProblem.payloadTooLarge("the body has " + length.getAsLong() + " bytes; a plugin may have "
                        + limit + " (svc.plugins.max-bytes)");
            }
            return withSizeLimit(
                    limit,
                    () -> extractRequestEntity(body -> extractMaterializer(mat -> installed(body.toStrict(
                                    Duration.ofSeconds(60).toMillis(), limit, mat)
                            .thenComposeAsync(
                                    strict -> plugins.install(strict.getData().toArray(), by), callbacks)))));
        });
    }

    private Route installed(CompletionStage<InstalledPlugin> done) {
        return onSuccess(
                done, p -> complete(StatusCodes.CREATED, PluginDetail.of(p, plugins.drops(p)), JsonSupport.json()));
    }

    private Route commands(Call call) {
        List<CommandRecord> items =
                commands.list().stream().map(CommandRecord::of).toList();
        return complete(StatusCodes.OK, new Page<>(items, items.size(), items.size(), 0), JsonSupport.json());
    }

    private Route invoke(Call call) {
        String by = call.caller().subject();
        return entity(
                JsonSupport.body(Invoke.class),
                body -> onSuccess(
                        commands.invoke(call.param("qname"), body.arguments(), by, commandWait),
                        done -> complete(
                                done.answer() == null && done.failure() == null ? StatusCodes.ACCEPTED : StatusCodes.OK,
                                InvocationRecord.of(done),
                                JsonSupport.json())));
    }

    private Route agents(Call call) {
        requireAgents();
        return parameterOptional("plugin", plugin -> {
            List<AgentRecord> items = agents.all().stream()
                    .filter(a -> plugin.isEmpty() || a.plugin().equals(plugin.get()))
                    .map(AgentRecord::of)
                    .toList();
            return complete(StatusCodes.OK, new Page<>(items, items.size(), items.size(), 0), JsonSupport.json());
        });
    }

    private Route agent(Call call) {
        requireAgents();
        String qname = call.param("qname");
        return complete(
                StatusCodes.OK,
                agents.all().stream()
                        .filter(a -> a.profile().name().equals(qname))
                        .findFirst()
                        .map(AgentRecord::of)
                        .orElseThrow(() -> ApiProblem.notFound("no plugin agent named " + qname)),
                JsonSupport.json());
    }

    private void requireAgents() {
        if (!plugins.enabled(PluginAgents.FLAG)) {
            throw PluginException.disabled(PluginAgents.FLAG);
        }
    }
}
