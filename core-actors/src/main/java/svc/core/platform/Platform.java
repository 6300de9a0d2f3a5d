package svc.core.platform;

import ch.qos.logback.classic.LoggerContext;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.apache.pekko.Done;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.ShardedDaemonProcessSettings;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.ShardedDaemonProcess;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.ClusterSingleton;
import org.apache.pekko.cluster.typed.Join;
import org.apache.pekko.cluster.typed.SingletonActor;
import org.apache.pekko.persistence.jdbc.query.javadsl.JdbcReadJournal;
import org.apache.pekko.projection.ProjectionBehavior;
import org.apache.pekko.projection.ProjectionId;
import org.apache.pekko.projection.eventsourced.javadsl.EventSourcedProvider;
import org.apache.pekko.projection.jdbc.javadsl.JdbcProjection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.settings.HooksConfig;
import svc.core.CoreSettings;
import svc.core.admission.Admission;
import svc.core.agent.AgentDirectory;
import svc.core.agent.AgentEntity;
import svc.core.agent.AgentProfile;
import svc.core.agent.AgentRuntime;
import svc.core.agent.RosterProfiles;
import svc.core.batch.BatchEntity;
import svc.core.batch.BatchService;
import svc.core.batch.Batches;
import svc.core.cluster.ClusterSettings;
import svc.core.cluster.ClusterView;
import svc.core.cluster.LostNodeWaker;
import svc.core.cron.BuiltInJob;
import svc.core.cron.Cron;
import svc.core.cron.CronService;
import svc.core.crypto.EncryptedCborSerializer;
import svc.core.datasets.DataRoots;
import svc.core.datasets.DatasetService;
import svc.core.datasets.DatasetSettings;
import svc.core.datasets.DatasetStore;
import svc.core.deploy.DeploymentService;
import svc.core.deploy.DeploymentSettings;
import svc.core.deploy.Deployments;
import svc.core.deploy.InferenceService;
import svc.core.deploy.LocalDeploymentEvents;
import svc.core.extensions.Extensions;
import svc.core.gates.GateSweeper;
import svc.core.governance.DriftPolicy;
import svc.core.hooks.Hook;
import svc.core.hooks.HookEvent;
import svc.core.hooks.HookListener;
import svc.core.hooks.HookPipeline;
import svc.core.hooks.HookResult;
import svc.core.hooks.HookSpec;
import svc.core.hooks.HookedCompaction;
import svc.core.hooks.HookedPermissions;
import svc.core.hooks.HookedProvider;
import svc.core.hooks.ShellHook;
import svc.core.knowledge.KnowledgeIndex;
import svc.core.knowledge.KnowledgeTools;
import svc.core.llm.LlmProvider;
import svc.core.llm.providers.CompactionListener;
import svc.core.llm.providers.LlmProviders;
import svc.core.notify.NotificationOutbox;
import svc.core.notify.NotificationService;
import svc.core.notify.NotificationSettings;
import svc.core.notify.Notifications;
import svc.core.plugins.LoadSkillTool;
import svc.core.plugins.PluginAgents;
import svc.core.plugins.PluginCommands;
import svc.core.plugins.PluginExtensions;
import svc.core.plugins.PluginHooks;
import svc.core.plugins.PluginService;
import svc.core.plugins.PluginSettings;
import svc.core.readside.ConversationProjectionHandler;
import svc.core.readside.PooledJdbcSession;
import svc.core.readside.RunProjectionHandler;
import svc.core.readside.RunSeal;
import svc.core.retention.RetentionPolicy;
import svc.core.retention.RetentionSettings;
import svc.core.retention.RetentionSweep;
import svc.core.retention.WorkingCopySweep;
import svc.core.run.RunEntity;
import svc.core.run.RunRuntime;
import svc.core.run.RunService;
import svc.core.run.RunState;
import svc.core.stream.ClusterLiveEvents;
import svc.core.stream.LiveEventHub;
import svc.core.task.DeploymentPort;
import svc.core.telemetry.Tracing;
import svc.core.tools.ToolInvoker;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ml.FinalAudit;
import svc.governance.sandbox.Sandbox;
import svc.governance.secrets.SecretRedactingFilter;
import svc.library.asset.Library;
import svc.library.roster.Roster;
import svc.persistence.Database;
import svc.persistence.DatabaseSettings;
import svc.persistence.crypto.AtRest;
import svc.persistence.plugins.PluginRepository;
import svc.persistence.store.WorkingCopy;

/**
 * The running platform: database migrated, actor system up as a (single-node unless seed nodes
 * are configured) cluster, runs and agents sharded, projections feeding the read side, the
 * admission queue, the approval sweep and the notification dispatcher as singletons, and live
 * runs woken after a restart.
 * Straight-line wiring only; every behaviour lives in its own class.
 */
public final class Platform implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Platform.class);

    /**
     * The parts a caller may swap: the models, the tools and the permission seam. {@code
     * extensions} runs MCP servers and WASM tools on {@code tools} (installed plugins' too); null
     * when the parts bring no such runtime (then a plugin's servers and tools are listed as dropped).
     * {@code compactionHooks} connects the PRE/POST_COMPACTION hooks to the providers' context
     * compaction (a no-op for providers that do not compact).
     */
    public record Parts(
            Function<AgentProfile, LlmProvider> providers,
            ToolRegistry tools,
            ToolPermissions permissions,
            UnaryOperator<String> scrubber,
            Supplier<CompletionStage<List<LlmProviders.Reachability>>> providerHealth,
            Extensions extensions,
            Consumer<CompactionListener> compactionHooks) {

        public Parts(
                Function<AgentProfile, LlmProvider> providers,
                ToolRegistry tools,
                ToolPermissions permissions,
                UnaryOperator<String> scrubber,
                Supplier<CompletionStage<List<LlmProviders.Reachability>>> providerHealth) {
            this(providers, tools, permissions, scrubber, providerHealth, null, hooks -> {});
        }

        /** Parts whose providers run in-process (nothing to reach over a network). */
        public Parts(
                Function<AgentProfile, LlmProvider> providers,
                ToolRegistry tools,
                ToolPermissions permissions,
                UnaryOperator<String> scrubber) {
            this(providers, tools, permissions, scrubber, () -> CompletableFuture.completedFuture(List.of()));
        }
    }

    private final ActorSystem<Void> system;
    private final Database database;
    private final CoreSettings settings;
    private final AgentDirectory directory;
    private final LiveEventHub liveEvents;
    private final RunService runs;
    private final ActorRef<Admission.Command> admission;
    private final Parts parts;
    private final Tracing tracing;
    private final WorkingCopy files;
    /** Set once while wiring, before the platform is handed out. */
    private BatchService batches;
    /** Set once while wiring, before the platform is handed out. */
    private CronService cron;
    /** Set once while wiring, before the platform is handed out. */
    private RetentionSweep retention;
    /** Set once while wiring, before the platform is handed out. */
    private NotificationService notifications;

    private DatasetService datasets;
    /** Set once while wiring; null on a cluster of one. */
    private ClusterLiveEvents clusterLive;
    /** Set once while wiring. */
    private ClusterView clusterView;

    private Deployments.Started deployments;
    private KnowledgeIndex knowledge = KnowledgeIndex.empty();
    /** Set once while wiring. */
    private PluginService plugins;
    /** Set once while wiring. */
    private HookPipeline hooks;
    /** Set once while wiring. */
    private PluginAgents pluginAgents;

    private Platform(
            ActorSystem<Void> system,
            Database database,
            CoreSettings settings,
            AgentDirectory directory,
            LiveEventHub liveEvents,
            RunService runs,
            ActorRef<Admission.Command> admission,
            Parts parts,
            Tracing tracing,
            WorkingCopy files) {
        this.system = system;
        this.database = database;
        this.settings = settings;
        this.directory = directory;
        this.liveEvents = liveEvents;
        this.runs = runs;
        this.admission = admission;
        this.parts = parts;
        this.tracing = tracing;
        this.files = files;
    }

    /**
     * Starts everything. {@code partsFactory} receives the settings, the agent directory and the
     * ML executor, and returns the providers, tools and permission seam to run with.
     */
    public static Platform start(Config config, PartsFactory partsFactory) {
        return start(config, partsFactory, Tracing.fromEnvironment(System.getenv()));
    }

    /** The same with the given tracing (tests pass one with an in-memory exporter). */
    public static Platform start(Config config, PartsFactory partsFactory, Tracing tracing) {
        return start(config, partsFactory, tracing, UnaryOperator.identity());
    }

    /**
     * The same with the agents' profiles adjusted: tests give agents delegates the built-in roster's
     * tree never has (a chain deeper than G10's depth, one that comes back to an agent on it).
     */
    public static Platform start(
            Config config, PartsFactory partsFactory, Tracing tracing, UnaryOperator<AgentDirectory> roster) {
        // G6: no credential reaches a log line, whoever logs it.
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback
                && logback.getTurboFilterList().stream().noneMatch(f -> f instanceof SecretRedactingFilter)) {
            SecretRedactingFilter.install(logback);
        }
        CoreSettings settings = CoreSettings.fromConfig(config);
        NotificationSettings notifySettings = NotificationSettings.fromConfig(config);
        DatabaseSettings dbSettings = DatabaseSettings.fromConfig(config);
        // Before the database and the actor system: a data root that does not exist stops the start.
        DataRoots dataRoots = dataRoots(config, settings, dbSettings);
        // Read once for the journal, the run files and the read side's columns; an unbuilt driver stops here.
        AtRest atRest = AtRest.fromConfig(config);
        Database database = Database.open(dbSettings, atRest.columns());
        ActorSystem<Void> system;
        try {
            system = ActorSystem.create(
                    Behaviors.empty(),
                    ClusterSettings.SYSTEM_NAME,
                    atRestOverrides(config)
                            .withFallback(ClusterSettings.fromConfig(config).pekkoOverrides())
                            .withFallback(dbSettings.pekkoOverrides())
                            .withFallback(config));
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
        try {
            return wire(system, database, settings, dataRoots, notifySettings, config, partsFactory, tracing, roster);
        } catch (RuntimeException e) {
            system.terminate();
            database.close();
            throw e;
        }
    }

    /** The files a request may name (SVC_DATA_DIRS), and the server's own files that are never data. */
    private static DataRoots dataRoots(Config config, CoreSettings settings, DatabaseSettings db) {
        Optional<Path> h2File = Optional.empty();
        if (db.kind() == DatabaseSettings.Kind.H2 && db.url().startsWith("jdbc:h2:file:")) {
            String rest = db.url().substring("jdbc:h2:file:".length());
            int semi = rest.indexOf(';');
            h2File = Optional.of(Path.of(semi < 0 ? rest : rest.substring(0, semi)));
        }
        String signing = System.getenv("SVC_SIGNING_KEY_DIR");
        DataRoots roots = DataRoots.fromConfig(
                config,
                settings.home(),
                DatasetSettings.from(config, settings.home()).dir(),
                h2File,
                signing == null || signing.isBlank() ? Optional.empty() : Optional.of(Path.of(signing)));
        LOG.info("data roots (SVC_DATA_DIRS): {}", roots.roots());
        return roots;
    }

    /** With at-rest encryption on, every journaled message goes through the encrypting serializer. */
    private static Config atRestOverrides(Config config) {
        if (!config.getBoolean("svc.at-rest.encryption")) {
            return ConfigFactory.empty();
        }
        return ConfigFactory.parseMap(Map.of(
                "pekko.actor.serializers.svc-encrypted-cbor", EncryptedCborSerializer.class.getName(),
                "pekko.actor.serialization-bindings.\"svc.core.CborSerializable\"", "svc-encrypted-cbor",
                // The CBOR step inside the envelope checks classes against its own bindings; allow ours.
                "pekko.serialization.jackson.allowed-class-prefix", List.of("svc.")));
    }

    /** Builds the swappable parts once the executors and the roster exist. */
    @FunctionalInterface
    public interface PartsFactory {
        Parts create(CoreSettings settings, AgentDirectory directory, Executor mlExecutor, Executor callbackExecutor);

        /**
         * The agents to run, from the roster's: the settings file's prompts, models and delegate
         * modes (see {@code SettingsProfiles}). The parts are then created for what this returns.
         */
        default AgentDirectory directory(AgentDirectory roster) {
            return roster;
        }

        /** The same with the platform's database at hand (for denial records); override to use it. */
        default Parts create(
                CoreSettings settings,
                AgentDirectory directory,
                Executor mlExecutor,
                Executor callbackExecutor,
                Database database) {
            return create(settings, directory, mlExecutor, callbackExecutor);
        }

        /** Tools (names or globs) granted to agents on top of the roster's, by agent; none by default. */
        default Map<String, List<String>> toolGrants() {
            return Map.of();
        }

        /** The settings file's {@code hooks} for the hook pipeline, or null when there are none. */
        default HooksConfig settingsHooks() {
            return null;
        }

        /**
         * The same with the port through which the pipeline's {@code register_model_deployment}
         * registers a model (the deployment entity of its name); override to use it.
         */
        default Parts create(
                CoreSettings settings,
                AgentDirectory directory,
                Executor mlExecutor,
                Executor callbackExecutor,
                Database database,
                DeploymentPort deployments) {
            return create(settings, directory, mlExecutor, callbackExecutor, database);
        }
    }

    private static Platform wire(
            ActorSystem<Void> system,
            Database database,
            CoreSettings settings,
            DataRoots dataRoots,
            NotificationSettings notifySettings,
            Config config,
            PartsFactory partsFactory,
            Tracing tracing,
            UnaryOperator<AgentDirectory> roster) {
        ClusterSettings clusterSettings = ClusterSettings.fromConfig(config);
        if (system.settings().config().getStringList("pekko.cluster.seed-nodes").isEmpty()) {
            Cluster cluster = Cluster.get(system);
            cluster.manager().tell(Join.create(cluster.selfMember().address()));
        }
        Executor jdbc = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.jdbc-dispatcher"));
        Executor ml = system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.ml-dispatcher"));
        Library library = Library.builtIn();
        KnowledgeIndex knowledge = KnowledgeIndex.build(settings.governance().knowledgeBases().stream()
                .map(kb -> new KnowledgeIndex.Base(kb.name(), kb.path(), kb.description()))
                .toList());
        AgentDirectory builtIn = RosterProfiles.directory(Roster.builtIn(), settings.llmProvider());
        // A deployment with knowledge bases offers every agent the read-only search over them.
        AgentDirectory offered = knowledge.bases().isEmpty() ? builtIn : builtIn.withToolForAll(KnowledgeTools.SEARCH);
        // The settings file (through the parts factory) may grant agents the MCP and WASM tools it adds.
        AgentDirectory directory = partsFactory.directory(roster.apply(offered)).withTools(partsFactory.toolGrants());
        WorkingCopy files = WorkingCopy.open(settings.artifactStore());
        LOG.info("run files: {}", settings.artifactStore().describe());
        // The entities reach one another only through these ports (see svc.core.task).
        ClusterSharding sharding = ClusterSharding.get(system);
        DeploymentPort deploymentPort = new ShardedDeploymentPort(
                sharding,
                settings.askTimeout(),
                settings.runsDir(),
                settings.defaultProfile(),
                system.executionContext());
        Parts bare = partsFactory.create(settings, directory, ml, system.executionContext(), database, deploymentPort);
        if (!knowledge.bases().isEmpty()) {
            bare.tools().register(KnowledgeTools.search(knowledge));
        }
        PluginService plugins = startPlugins(system, database, config, settings, dataRoots, directory, bare, jdbc);
        PluginAgents pluginAgents =
                new PluginAgents(plugins, directory.director().model(), settings.llmProvider());
        directory.extend(pluginAgents);
        HookPipeline hooks = hookPipeline(database, settings, plugins, partsFactory.settingsHooks(), tracing);
        Parts parts = hooked(bare, hooks, ml);
        // MCP server processes and connections end with the node (SIGTERM, Platform.close).
        CoordinatedShutdown.get(system)
                .addTask(
                        CoordinatedShutdown.PhaseBeforeActorSystemTerminate(),
                        "stop-tool-sources",
                        () -> CompletableFuture.supplyAsync(
                                () -> {
                                    parts.tools().close();
                                    return Done.getInstance();
                                },
                                ml));
        LiveEventHub hub = new LiveEventHub();
        ClusterLiveEvents clusterLive = clusterSettings.enabled() ? ClusterLiveEvents.start(system, hub) : null;

        ShardedRunPort runPort = new ShardedRunPort(sharding, settings.askTimeout());
        ActorRef<Admission.Command> admission = ClusterSingleton.get(system)
                .init(SingletonActor.of(Admission.create(settings.maxConcurrentPipelines(), runPort), "admission"));
        RunEntity.init(
                system,
                new RunRuntime(
                        settings,
                        new SingletonAdmissionPort(admission),
                        new ShardedAgentPort(sharding),
                        hub.runFeed(),
                        directory.director().name(),
                        directory::coordinatorOf,
                        tracing));
        AgentEntity.init(
                system,
                new AgentRuntime(
                        settings,
                        directory,
                        parts.providers(),
                        parts.tools(),
                        parts.permissions(),
                        ml,
                        runPort,
                        AgentEntity.shardedMail(system),
                        hub.agentFeed(),
                        tracing,
                        files));

        startProjections(
                system,
                database,
                files,
                directory,
                // G4 with the run's pii_action first, then the G5 scrubber (which then rarely finds more).
                (runId, line) -> parts.scrubber().apply(parts.permissions().screenStored(runId, line)),
                new NotificationOutbox(notifySettings.channels(), database.columns()),
                // The audit PDF is signed again once the run is past its last gate and its deployment.
                new FinalAudit(files, StandardParts.auditSigner(settings)));
        ClusterSingleton.get(system)
                .init(SingletonActor.of(
                        GateSweeper.create(database, jdbc, settings.gateSweepInterval()), "approval-sweeper"));

        DatasetService datasets = new DatasetService(
                database, new DatasetStore(DatasetSettings.from(config, settings.home()), jdbc), jdbc);
        RunService runs = new RunService(
                system,
                database,
                library,
                datasets::fileOf,
                dataRoots,
                settings.home(),
                files,
                jdbc,
                settings.askTimeout(),
                profile -> settings.governance()
                        .defaultWorkflowOf(
                                profile == null || profile.equals("default") ? settings.defaultProfile() : profile));
        Platform platform =
                new Platform(system, database, settings, directory, hub, runs, admission, parts, tracing, files);
        platform.datasets = datasets;
        platform.knowledge = knowledge;
        platform.plugins = plugins;
        platform.hooks = hooks;
        platform.pluginAgents = pluginAgents;
        platform.batches = Batches.start(
                system, database, settings, dataRoots, platform.toolInvoker(), ml, jdbc, Clock.systemUTC());
        platform.cron = Cron.start(
                system,
                database,
                runs,
                platform.toolInvoker(),
                files,
                jdbc,
                ml,
                Clock.systemUTC(),
                config.getBoolean("svc.cron.scheduler"),
                config.getDuration("svc.cron.tick-interval"));
        platform.retention = startRetention(config, database, runs, settings, files, platform.cron, ml);
        // Each node sweeps its own working copy (node-local disk) against the shared runs table.
        WorkingCopySweep.start(
                system,
                new WorkingCopySweep(database, files, settings.artifactStore().spool(), Clock.systemUTC()),
                settings.artifactStore().sweepInterval(),
                ml);
        platform.notifications = Notifications.start(system, database, notifySettings, jdbc, Clock.systemUTC());
        platform.deployments = Deployments.start(
                system,
                database,
                DeploymentSettings.fromConfig(config),
                files,
                settings.defaultProfile(),
                new DriftPolicy(settings.governance(), settings.defaultProfile()),
                parts.permissions(),
                new LocalDeploymentEvents(),
                system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.inference-dispatcher")),
                system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.shadow-dispatcher")),
                ml,
                jdbc,
                settings.askTimeout(),
                Clock.systemUTC());
        platform.clusterLive = clusterLive;
        platform.clusterView = new ClusterView(
                system,
                database,
                jdbc,
                settings.askTimeout(),
                List.of(RunEntity.ENTITY_TYPE_KEY, AgentEntity.ENTITY_TYPE_KEY, BatchEntity.ENTITY_TYPE_KEY));
        ClusterView.startRecorder(system, database, jdbc);
        system.systemActorOf(LostNodeWaker.create(platform::wakeLiveRuns, jdbc), "lost-node-waker", Props.empty());
        CompletableFuture.runAsync(platform::wakeLiveRuns, jdbc).exceptionally(e -> {
            LOG.error("could not wake the runs that were live before the restart: {}", e.getMessage());
            return null;
        });
        return platform;
    }

    /**
     * The installed plugins (read from the database now and every refresh interval), their skills
     * ({@code load_skill}) and their agents joined to the directory.
     */
    private static PluginService startPlugins(
            ActorSystem<Void> system,
            Database database,
            Config config,
            CoreSettings settings,
            DataRoots dataRoots,
            AgentDirectory directory,
            Parts parts,
            Executor jdbc) {
        PluginService plugins = new PluginService(
                new PluginRepository(database.dataSource()),
                PluginSettings.fromConfig(config, settings.home()),
                jdbc,
                Clock.systemUTC(),
                directory::isBuiltIn,
                name -> parts.tools().find(name).isPresent(),
                dataRoots);
        if (parts.extensions() != null) {
            // Plugins' MCP servers and WASM tools, on every node, from the set each node reads.
            PluginExtensions runtimes = new PluginExtensions(parts.extensions());
            plugins.runtimes(runtimes);
            plugins.listen(runtimes);
        }
        if (parts.tools().find(LoadSkillTool.NAME).isEmpty()) {
            // A caller may hand the same registry to several platforms (tests start more than one).
            parts.tools().register(new LoadSkillTool(plugins));
        }
        plugins.refresh().toCompletableFuture().join();
        plugins.follow(system);
        return plugins;
    }

    /**
     * The hook pipeline: no core hooks yet, the settings file's {@code hooks}, the plugins' hooks;
     * shell hooks in a sandbox of {@code svc.sandbox}'s driver with {@code svc.plugins}' limits,
     * one audit row per execution in {@code plugin_hook_executions}.
     */
    private static HookPipeline hookPipeline(
            Database database,
            CoreSettings settings,
            PluginService plugins,
            HooksConfig settingsHooks,
            Tracing tracing) {
        PluginRepository audit = new PluginRepository(database.dataSource());
        Sandbox sandbox = settings.sandbox().create();
        AtomicReference<HookPipeline> pipeline = new AtomicReference<>();
        ShellHook.Runtime runtime = new ShellHook.Runtime(
                sandbox,
                plugins.settings().hookMemoryMb(),
                plugins.settings().hookCpuTimeSec(),
                row -> {
                    try {
                        audit.recordExecution(row);
                    } catch (SQLException e) {
                        LOG.error(
                                "could not store the audit row of a hook execution ({}): {}",
                                row.command(),
                                e.getMessage());
                    }
                },
                new HookListener() {
                    @Override
                    public void ran(HookEvent event, String origin, HookResult result) {
                        pipeline.get().listener().ran(event, origin, result);
                    }

                    @Override
                    public void shellExecuted(String origin, int exitCode) {
                        pipeline.get().listener().shellExecuted(origin, exitCode);
                    }
                },
                Clock.systemUTC());
        List<Hook> fromSettings = new ArrayList<>();
        if (settingsHooks != null) {
            HookSpec.Read read = HookSpec.read(settingsHooks.json(), "settings file hooks");
            if (!read.problems().isEmpty()) {
                throw new IllegalArgumentException("the settings file's hooks are invalid: " + read.problems());
            }
            read.dropped().forEach(d -> LOG.warn("settings file hook not run: {}", d));
            int i = 0;
            for (HookSpec spec : read.hooks()) {
                fromSettings.add(new ShellHook(
                        "settings:hooks#" + spec.event() + "[" + i++ + "]",
                        HookPipeline.SETTINGS,
                        spec,
                        null,
                        runtime));
            }
        }
        pipeline.set(new HookPipeline(
                List.of(), () -> fromSettings, new PluginHooks(plugins, runtime), plugins::enabled, tracing));
        return pipeline.get();
    }

    /** The parts with the hook pipeline around the governance seam and the model providers. */
    private static Parts hooked(Parts parts, HookPipeline hooks, Executor blocking) {
        Function<AgentProfile, LlmProvider> providers = parts.providers();
        HookedPermissions permissions = new HookedPermissions(parts.permissions(), hooks);
        permissions.hookStorage(permissions::storedFile);
        parts.compactionHooks().accept(new HookedCompaction(hooks));
        return new Parts(
                profile -> new HookedProvider(providers.apply(profile), hooks, blocking),
                parts.tools(),
                permissions,
                parts.scrubber(),
                parts.providerHealth(),
                parts.extensions(),
                parts.compactionHooks());
    }

    /** The retention sweep, and its daily run as the built-in cron job {@value RetentionSweep#JOB}. */
    private static RetentionSweep startRetention(
            Config config,
            Database database,
            RunService runs,
            CoreSettings settings,
            WorkingCopy files,
            CronService cron,
            Executor ml) {
        RetentionSettings retention = RetentionSettings.fromConfig(config);
        RetentionSweep sweep =
                RetentionSweep.standard(RetentionPolicy.of(retention), database, runs, settings.home(), files, ml);
        if (retention.enabled()) {
            cron.register(new BuiltInJob(
                    RetentionSweep.JOB, RetentionSweep.KIND, retention.schedule(), retention.timezone(), sweep::daily));
        } else {
            cron.unregister(RetentionSweep.JOB);
        }
        return sweep;
    }

    private static void startProjections(
            ActorSystem<Void> system,
            Database database,
            WorkingCopy files,
            AgentDirectory directory,
            BiFunction<String, String, String> scrubber,
            NotificationOutbox outbox,
            RunSeal seal) {
        Supplier<PooledJdbcSession> sessions = () -> new PooledJdbcSession(database.dataSource());
        try {
            JdbcProjection.createTablesIfNotExists(sessions, system)
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not create the projection offset tables: " + e.getMessage(), e);
        }
        var runProjection = JdbcProjection.exactlyOnce(
                ProjectionId.of("runs", RunEntity.TAG),
                EventSourcedProvider.<RunEntity.Event>eventsByTag(system, JdbcReadJournal.Identifier(), RunEntity.TAG),
                sessions,
                () -> new RunProjectionHandler(files, outbox, seal, database.columns()),
                system);
        // Conversation lines reach disk every 10 messages or every second, whichever comes first.
        var conversationProjection = JdbcProjection.groupedWithin(
                        ProjectionId.of("conversations", AgentEntity.TAG),
                        EventSourcedProvider.<AgentEntity.Event>eventsByTag(
                                system, JdbcReadJournal.Identifier(), AgentEntity.TAG),
                        sessions,
                        () -> new ConversationProjectionHandler(files, directory, scrubber),
                        system)
                .withGroup(10, Duration.ofSeconds(1));
        ShardedDaemonProcess.get(system)
                .init(
                        ProjectionBehavior.Command.class,
                        "runs-projection",
                        1,
                        i -> ProjectionBehavior.create(runProjection),
                        ShardedDaemonProcessSettings.create(system),
                        Optional.of(ProjectionBehavior.stopMessage()));
        ShardedDaemonProcess.get(system)
                .init(
                        ProjectionBehavior.Command.class,
                        "conversations-projection",
                        1,
                        i -> ProjectionBehavior.create(conversationProjection),
                        ShardedDaemonProcessSettings.create(system),
                        Optional.of(ProjectionBehavior.stopMessage()));
    }

    /**
     * Wakes every run that was live when the platform stopped: those the read side lists as
     * live, and those whose creation never reached the read side (a crash right after start).
     */
    private void wakeLiveRuns() {
        Set<String> live = new LinkedHashSet<>();
        try (Connection c = database.connection()) {
            List<String> liveStates = RunState.liveWireNames();
            try (PreparedStatement ps = c.prepareStatement("SELECT run_id FROM runs WHERE state IN ("
                    + String.join(", ", Collections.nCopies(liveStates.size(), "?")) + ")")) {
                for (int i = 0; i < liveStates.size(); i++) {
                    ps.setString(i + 1, liveStates.get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        live.add(rs.getString(1));
                    }
                }
            }
            String prefix = RunEntity.ENTITY_TYPE_KEY.name() + "|";
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT DISTINCT persistence_id FROM event_journal WHERE persistence_id LIKE ? AND NOT EXISTS"
                            + " (SELECT 1 FROM runs WHERE runs.run_id = SUBSTRING(event_journal.persistence_id, ?))")) {
                ps.setString(1, prefix + "%");
                ps.setInt(2, prefix.length() + 1);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        live.add(rs.getString(1).substring(prefix.length()));
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        ClusterSharding sharding = ClusterSharding.get(system);
        live.forEach(
                runId -> sharding.entityRefFor(RunEntity.ENTITY_TYPE_KEY, runId).tell(new RunEntity.Wake()));
        if (!live.isEmpty()) {
            LOG.info("woke {} live runs after start: {}", live.size(), live);
        }
    }

    public ActorSystem<Void> system() {
        return system;
    }

    public Database database() {
        return database;
    }

    public CoreSettings settings() {
        return settings;
    }

    public AgentDirectory agents() {
        return directory;
    }

    public LiveEventHub liveEvents() {
        return liveEvents;
    }

    /** The relay of live events between nodes, when this node was started to join others. */
    public Optional<ClusterLiveEvents> clusterLiveEvents() {
        return Optional.ofNullable(clusterLive);
    }

    /** Members, singletons and shards, for GET /api/v1/cluster. */
    public ClusterView clusterView() {
        return clusterView;
    }

    public RunService runs() {
        return runs;
    }

    /** Cron jobs (the scheduler singleton ticks them). */
    public CronService cron() {
        return cron;
    }

    /** The retention sweep (its daily run is the built-in cron job {@value RetentionSweep#JOB}). */
    public RetentionSweep retention() {
        return retention;
    }

    /** Notification deliveries (the outbox the dispatcher singleton works). */
    public NotificationService notifications() {
        return notifications;
    }

    /** Batch jobs (submit, read, resume, cancel, results). */
    public BatchService batches() {
        return batches;
    }

    /** Installed plugins: install, remove, the shared set, the flags their surfaces obey. */
    public PluginService plugins() {
        return plugins;
    }

    /** Plugin commands (list, invoke as a task run). */
    public PluginCommands pluginCommands() {
        return new PluginCommands(
                plugins,
                runs,
                () -> directory.director().name(),
                system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.jdbc-dispatcher")));
    }

    /** Plugin agents (the profiles the directory runs, with their plugin and definition). */
    public PluginAgents pluginAgents() {
        return pluginAgents;
    }

    /** The hook pipeline (core, settings-file and plugin hooks on the ten hook events). */
    public HookPipeline hooks() {
        return hooks;
    }

    /** Uploaded datasets (upload, list, detail). */
    public DatasetService datasets() {
        return datasets;
    }

    /** Deployments of models by name (deploy, promote, retire, history). */
    /** The deployment's knowledge bases, indexed at start (empty without any). */
    public KnowledgeIndex knowledge() {
        return knowledge;
    }

    public DeploymentService deployments() {
        return deployments.deployments();
    }

    /** Online predictions, feedback and live figures of deployed models. */
    public InferenceService inference() {
        return deployments.inference();
    }

    public ActorRef<Admission.Command> admission() {
        return admission;
    }

    /** Where spans go (a no-op unless OTEL_EXPORTER_OTLP_ENDPOINT is set). */
    public Tracing tracing() {
        return tracing;
    }

    /** The models, tools and governance this platform runs with. */
    public Parts parts() {
        return parts;
    }

    /** Runs one tool outside any agent loop, through the same governance (POST /api/v1/tools/invoke). */
    public ToolInvoker toolInvoker() {
        return new ToolInvoker(
                settings,
                directory,
                parts.tools(),
                parts.permissions(),
                system.dispatchers().lookup(DispatcherSelector.fromConfig("svc.ml-dispatcher")),
                files);
    }

    /** The artefact store and this node's working copy of it (SVC_ARTIFACT_STORE). */
    public WorkingCopy files() {
        return files;
    }

    /** Stops the actor system (waiting for it) and closes the database pool. */
    @Override
    public void close() {
        system.terminate();
        try {
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.warn("the actor system did not stop within 30 s: {}", e.toString());
        }
        database.close();
        tracing.close();
        files.close();
    }
}
