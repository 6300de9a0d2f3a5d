package svc.http.server;

import com.typesafe.config.Config;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.server.Route;
import svc.config.effective.EffectiveConfig;
import svc.config.features.FeatureRegistry;
import svc.core.cluster.ClusterView;
import svc.core.config.HoconLayers;
import svc.core.erasure.SubjectErasure;
import svc.core.governance.GovernedTools;
import svc.core.hooks.HookedPermissions;
import svc.core.platform.Platform;
import svc.core.registry.ModelRegistry;
import svc.core.reports.CostReports;
import svc.core.tools.ToolPermissions;
import svc.governance.permission.DenialSink;
import svc.http.approvals.ApprovalEndpoints;
import svc.http.atrest.ResealEndpoints;
import svc.http.audit.AuditEndpoints;
import svc.http.audit.AuditLog;
import svc.http.auth.AccessControl;
import svc.http.auth.AccountStatus;
import svc.http.auth.ApiTokens;
import svc.http.auth.AuthEndpoints;
import svc.http.auth.Authenticator;
import svc.http.auth.JwtKeys;
import svc.http.auth.LoginThrottle;
import svc.http.auth.OidcEndpoints;
import svc.http.auth.OidcSettings;
import svc.http.auth.PasswordHasher;
import svc.http.auth.SessionEndpoints;
import svc.http.auth.TokenEndpoints;
import svc.http.auth.TokenService;
import svc.http.auth.UserEndpoints;
import svc.http.auth.Users;
import svc.http.batch.BatchEndpoints;
import svc.http.catalog.CatalogEndpoints;
import svc.http.catalog.SharedFeatures;
import svc.http.cluster.ClusterEndpoints;
import svc.http.cron.CronEndpoints;
import svc.http.dashboard.DashboardEndpoints;
import svc.http.datasets.DatasetEndpoints;
import svc.http.deployments.DeploymentEndpoints;
import svc.http.governance.GovernanceEndpoints;
import svc.http.inference.InferenceEndpoints;
import svc.http.knowledge.KnowledgeEndpoints;
import svc.http.notifications.NotificationEndpoints;
import svc.http.openapi.OpenApi;
import svc.http.openapi.OpenApiDocument;
import svc.http.pipelines.PipelineEndpoints;
import svc.http.pipelines.RunWorkflowEndpoints;
import svc.http.plugins.PluginEndpoints;
import svc.http.ratelimit.RateLimiter;
import svc.http.registry.ModelEndpoints;
import svc.http.reports.ReportEndpoints;
import svc.http.retention.RetentionEndpoints;
import svc.http.stream.RunStreamEndpoints;
import svc.http.system.ConfigEndpoints;
import svc.http.system.SystemEndpoints;
import svc.http.telemetry.ApiMetrics;
import svc.http.telemetry.HookMetrics;
import svc.http.telemetry.InferenceMetrics;
import svc.http.telemetry.JobMetrics;
import svc.http.telemetry.NotificationMetrics;
import svc.http.telemetry.RetentionMetrics;
import svc.http.telemetry.RunMetrics;
import svc.library.asset.Library;
import svc.persistence.denials.DenialRepository;
import svc.persistence.features.FeatureOverrideRepository;

/**
 * The API server over a running {@link Platform}: wires the endpoint groups into one list, builds
 * it into a route ({@link ApiRoute}), binds it with pekko-http and unbinds on coordinated
 * shutdown. Straight-line wiring only.
 */
public final class HttpServer {

    /** The API's version as {@code /openapi.json} states it. */
    public static final String API_VERSION = "0.1.0";

    private final ServerBinding binding;
    private final List<Endpoint> endpoints;
    private final AutoCloseable runMetrics;

    private HttpServer(ServerBinding binding, List<Endpoint> endpoints, AutoCloseable runMetrics) {
        this.binding = binding;
        this.endpoints = endpoints;
        this.runMetrics = runMetrics;
    }

    /**
     * Binds the API on {@code svc.http.host:port}. {@code env} is the process environment (or a
     * test's map): JWT secrets, API keys, first-boot admin, feature flags, rate limits.
     */
    public static CompletionStage<HttpServer> start(Platform platform, Config config, Map<String, String> env) {
        return start(platform, config, env, new ApiMetrics());
    }

    /**
     * The same with metrics made beforehand, so the platform's own listeners (agents' permission
     * decisions, guardrails, model calls) feed the same registry that {@code /metrics} serves.
     */
    public static CompletionStage<HttpServer> start(
            Platform platform, Config config, Map<String, String> env, ApiMetrics metrics) {
        return start(platform, config, env, metrics, HoconLayers.asDefaults(config));
    }

    /**
     * The same with the resolved configuration {@code svc server} started from, which
     * {@code /api/v1/config/effective} shows and branding reads.
     */
    public static CompletionStage<HttpServer> start(
            Platform platform, Config config, Map<String, String> env, ApiMetrics metrics, EffectiveConfig effective) {
        HttpSettings settings = HttpSettings.from(config, env);
        ActorSystem<Void> system = platform.system();
        Executor callbacks = system.executionContext();
        Executor blocking = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.jdbc-dispatcher"));
        Clock clock = Clock.systemUTC();

        Users users = new Users(
                platform.database(),
                blocking,
                new PasswordHasher(),
                clock,
                new LoginThrottle(LoginThrottle.Limits.from(config), clock));
        users.bootstrapAdmin(platform.settings().home(), env);
        TokenService tokens = new TokenService(JwtKeys.load(platform.settings().home(), env), clock);
        ApiTokens apiTokens = new ApiTokens(platform.database(), blocking, clock);
        AccountStatus accounts = new AccountStatus(
                platform.database(), blocking, config.getDuration("svc.auth.user-cache"), System::nanoTime);
        AuditLog audit = new AuditLog(platform.database(), blocking, clock);

        RunMetrics runMetrics =
                new RunMetrics(metrics, platform.agents(), platform.settings().llmProvider());
        var subscription = runMetrics.attach(platform.liveEvents());
        var admissionPoll = runMetrics.followAdmission(platform.admission(), system, Duration.ofSeconds(2));
        JobMetrics jobMetrics = new JobMetrics(metrics);
        var jobSubscription = jobMetrics.attach(platform.batches().feed());
        // API role denials and agents' tool denials land in the same table; writes go off the request path.
        DenialRepository denialStore = new DenialRepository(
                platform.database().dataSource(), platform.database().columns());
        DenialSink denials = record -> CompletableFuture.runAsync(() -> denialStore.record(record), blocking);
        FeatureRegistry features = FeatureRegistry.withBuiltIns(env);
        // Overrides set through the API live in the database: every node and every restart sees them.
        SharedFeatures sharedFeatures = new SharedFeatures(
                features, new FeatureOverrideRepository(platform.database().dataSource()), blocking, clock);
        AutoCloseable featurePoll = sharedFeatures.follow(system, config.getDuration("svc.features.refresh-interval"));
        platform.cron().gate(() -> features.isEnabled(CronEndpoints.FLAG));
        ToolPermissions seam = platform.parts().permissions();
        if (seam instanceof HookedPermissions hooked) {
            seam = hooked.inner();
        }
        if (seam instanceof GovernedTools governed) {
            // Tools of a feature that is off are denied (source feature_flag), with the flips made over the API.
            governed.useFeatures(features::isEnabled);
        }
        platform.cron().listen(jobMetrics::cronRun);
        new RetentionMetrics(metrics).attach(platform.retention());
        new NotificationMetrics(metrics).attach(platform.notifications());
        // Plugin surfaces obey the shared flags; hook runs feed this server's metrics.
        platform.plugins().gate(features::isEnabled);
        new HookMetrics(metrics).attach(platform.hooks());

        List<Endpoint> endpoints = new ArrayList<>();
        endpoints.addAll(new AuthEndpoints(users, tokens).endpoints());
        Optional<OidcSettings> oidc = OidcSettings.from(env);
        endpoints.addAll(
                new SessionEndpoints(users, tokens, settings.production(), oidc.map(o -> OidcEndpoints.LOGIN_PATH))
                        .endpoints());
        oidc.ifPresent(o ->
                endpoints.addAll(new OidcEndpoints(o, users, tokens, settings.production(), blocking).endpoints()));
        endpoints.addAll(new TokenEndpoints(apiTokens, clock).endpoints());
        endpoints.addAll(new UserEndpoints(users, accounts).endpoints());
        endpoints.addAll(new AuditEndpoints(audit).endpoints());
        endpoints.addAll(
                new PipelineEndpoints(platform.runs(), platform.database(), blocking, runMetrics::started).endpoints());
        endpoints.addAll(new RunStreamEndpoints(
                        platform.runs(), platform.liveEvents(), platform.agents(), system, settings.streamBuffer())
                .endpoints());
        endpoints.addAll(new RunWorkflowEndpoints(platform.runs(), Library.builtIn(), blocking).endpoints());
        endpoints.addAll(new ApprovalEndpoints(platform.runs()).endpoints());
        endpoints.addAll(new BatchEndpoints(platform.batches(), features, system, settings.streamBuffer()).endpoints());
        endpoints.addAll(new CronEndpoints(platform.cron(), features).endpoints());
        endpoints.addAll(new RetentionEndpoints(platform.retention(), clock).endpoints());
        endpoints.addAll(ResealEndpoints.of(platform, config, blocking).endpoints());
        endpoints.addAll(new NotificationEndpoints(platform.notifications()).endpoints());
        endpoints.addAll(new DatasetEndpoints(platform.datasets(), callbacks).endpoints());
        endpoints.addAll(
                new ModelEndpoints(new ModelRegistry(platform.database(), platform.files(), blocking)).endpoints());
        endpoints.addAll(new ReportEndpoints(new CostReports(platform.database(), blocking)).endpoints());
        AutoCloseable inferenceSubscription = platform.inference().listen(new InferenceMetrics(metrics));
        endpoints.addAll(
                new DeploymentEndpoints(platform.deployments(), platform.inference(), system, settings.streamBuffer())
                        .endpoints());
        endpoints.addAll(new InferenceEndpoints(platform.inference()).endpoints());
        endpoints.addAll(
                new ClusterEndpoints(platform.clusterView(), platform.clusterLiveEvents(), callbacks).endpoints());
        endpoints.addAll(new CatalogEndpoints(platform.agents(), sharedFeatures, denialStore, blocking).endpoints());
        endpoints.addAll(new ConfigEndpoints(effective).endpoints());
        endpoints.addAll(new KnowledgeEndpoints(platform.knowledge()).endpoints());
        endpoints.addAll(new PluginEndpoints(
                        platform.plugins(),
                        platform.pluginCommands(),
                        platform.pluginAgents(),
                        config.getDuration("svc.plugins.command-wait"),
                        callbacks)
                .endpoints());
        endpoints.addAll(new GovernanceEndpoints(
                        platform.toolInvoker(),
                        new SubjectErasure(
                                platform.database(), platform.settings().home(), platform.files(), blocking))
                .endpoints());
        DashboardEndpoints dashboard = new DashboardEndpoints();
        endpoints.addAll(dashboard.endpoints());
        // The document describes every route, its own included, so it is built on first request from the complete list.
        AtomicReference<OpenApi> openApi = new AtomicReference<>();
        Supplier<OpenApi> document =
                () -> openApi.updateAndGet(doc -> doc != null ? doc : OpenApiDocument.build(endpoints, API_VERSION));
        endpoints.addAll(new SystemEndpoints(
                        platform.database(),
                        platform.files(),
                        platform.settings().llmProvider(),
                        platform.parts().providerHealth(),
                        () -> platform.parts().tools().sources().stream()
                                .flatMap(s -> s.health().stream())
                                .toList(),
                        metrics,
                        blocking,
                        document,
                        !settings.production())
                .endpoints());

        Route route = new ApiRoute(
                        endpoints,
                        new Authenticator(tokens, settings.apiKeys(), apiTokens, accounts),
                        new AccessControl(endpoints, denials, metrics.decisionListener()),
                        // Each node allows its share of a limit, so the limit holds across the cluster.
                        new RateLimiter(settings.rateLimits(), System::nanoTime, () -> ClusterView.upMembers(system)),
                        metrics,
                        platform.tracing(),
                        settings.maxBodyBytes(),
                        audit,
                        // A browser navigation to a path the API does not serve gets the dashboard's page.
                        request -> DashboardEndpoints.isNavigation(request) ? dashboard.page() : null)
                .route();

        return Http.get(system)
                .newServerAt(settings.host(), settings.port())
                .bind(route)
                .thenApplyAsync(
                        binding -> {
                            binding.addToCoordinatedShutdown(Duration.ofSeconds(10), system);
                            return new HttpServer(binding, List.copyOf(endpoints), () -> {
                                subscription.close();
                                jobSubscription.close();
                                admissionPoll.close();
                                featurePoll.close();
                                inferenceSubscription.close();
                            });
                        },
                        callbacks);
    }

    public InetSocketAddress address() {
        return binding.localAddress();
    }

    /** Every route served, in one list: what the routing tree, RBAC, limits, metrics and OpenAPI read. */
    public List<Endpoint> endpoints() {
        return endpoints;
    }

    /** Stops accepting connections and lets requests in flight finish (up to 10 s). */
    public CompletionStage<?> stop() {
        try {
            runMetrics.close();
        } catch (Exception e) {
            // closing a subscription cannot fail in a way worth reporting
        }
        return binding.terminate(Duration.ofSeconds(10));
    }
}
