package svc.core.llm.providers;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import svc.config.settings.AgentConfig;
import svc.config.settings.ProjectConfig;
import svc.config.settings.ProviderConfig;
import svc.core.agent.AgentProfile;
import svc.core.llm.LlmProvider;
import svc.core.llm.MessagesApiProvider;
import svc.core.llm.scripted.ScriptedModel;

/**
 * Chooses each agent's model provider and builds it. An agent listed in the settings file (or
 * any agent, when the file writes {@code defaults.provider}) uses the named entry of the file's
 * {@code providers} map; every other agent uses the server-wide {@code SVC_LLM_PROVIDER} at
 * {@code SVC_LLM_BASE_URL}. {@code SVC_LLM_MODEL}, when set, sends every agent to that one model;
 * otherwise an agent asks for the model of its profile (the settings file's, see
 * {@code svc.core.agent.SettingsProfiles}). A model alias ({@code sonnet}) is sent as the concrete
 * id of {@link ModelAliases} for the provider's kind; an alias the provider has no mapping for
 * stops the start, naming both.
 *
 * <p>Every provider is built when this is created, so a missing key or a bad address stops the
 * server at start with a message naming the variable, not at the first call. Each agent's
 * provider is the vendor client wrapped, from the inside out, with context compaction, call
 * accounting and the model choice.
 */
public final class LlmProviders implements AutoCloseable {

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

    /** Where compaction events and per-call figures go. */
    public record Listeners(LlmCallListener calls, CompactionListener compaction) {
        public static final Listeners NONE = new Listeners(LlmCallListener.NONE, CompactionListener.NONE);
    }

    /** Whether a configured provider's server answered a probe; {@code detail} says why not. */
    public record Reachability(String provider, String kind, String baseUrl, boolean reachable, String detail) {}

    /** The machinery the HTTP clients share; tests replace it. */
    public record Wiring(
            HttpClient client,
            ScheduledExecutorService scheduler,
            Clock clock,
            Function<String, String> env,
            Executor callbacks) {}

    private record Built(ProviderSettings settings, LlmProvider provider, Optional<VendorHttp> http) {}

    private final Map<String, Built> providers;
    private final Map<String, AgentConfig> fileAgents;
    private final String fileDefaultProvider;
    private final String modelOverride;
    private final Listeners listeners;
    private final Wiring wiring;
    private final boolean ownsScheduler;
    private final Map<String, LlmProvider> perAgent = new ConcurrentHashMap<>();

    private LlmProviders(
            Map<String, Built> providers,
            ProjectConfig project,
            String modelOverride,
            Listeners listeners,
            Wiring wiring,
            boolean ownsScheduler) {
        this.providers = providers;
        this.fileAgents = new LinkedHashMap<>();
        if (project != null) {
            project.agents().forEach(a -> fileAgents.put(a.name(), a));
        }
        this.fileDefaultProvider = project == null || project.defaults() == null
                ? null
                : project.defaults().provider();
        this.modelOverride = modelOverride == null || modelOverride.isBlank() ? null : modelOverride.strip();
        this.listeners = listeners;
        this.wiring = wiring;
        this.ownsScheduler = ownsScheduler;
    }

    /**
     * The providers of a server: {@code SVC_LLM_*} as read into the core settings, and the
     * project of the settings file when there is one (null otherwise).
     */
    public static LlmProviders create(
            String serverKind,
            String serverBaseUrl,
            String modelOverride,
            ProjectConfig project,
            Function<String, String> env,
            Executor callbacks,
            Listeners listeners) {
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "svc-llm-retry");
            t.setDaemon(true);
            return t;
        });
        // Idle between retries most of the time: let the thread go rather than keep it.
        scheduler.setKeepAliveTime(30, TimeUnit.SECONDS);
        scheduler.allowCoreThreadTimeOut(true);
        Wiring wiring = new Wiring(VendorHttp.defaultClient(), scheduler, Clock.systemUTC(), env, callbacks);
        try {
            return create(serverKind, serverBaseUrl, modelOverride, project, wiring, listeners, true);
        } catch (RuntimeException e) {
            scheduler.shutdownNow();
            throw e;
        }
    }

    /** As above with the HTTP client, scheduler, clock and environment given. */
    public static LlmProviders create(
            String serverKind,
            String serverBaseUrl,
            String modelOverride,
            ProjectConfig project,
            Wiring wiring,
            Listeners listeners) {
        return create(serverKind, serverBaseUrl, modelOverride, project, wiring, listeners, false);
    }

    private static LlmProviders create(
            String serverKind,
            String serverBaseUrl,
            String modelOverride,
            ProjectConfig project,
            Wiring wiring,
            Listeners listeners,
            boolean ownsScheduler) {
        Map<String, Built> built = new LinkedHashMap<>();
        ProviderSettings server = ProviderSettings.serverWide(serverKind, serverBaseUrl);
        built.put(server.name(), build(server, wiring));
        if (project != null) {
            for (String name : referencedNames(project)) {
                ProviderConfig config = project.providers().get(name);
                if (config == null && name.equals("default")) {
                    config = ProviderConfig.IMPLICIT_DEFAULT;
                }
                if (config == null) {
                    throw new IllegalArgumentException("the settings file names provider `" + name
                            + "` but its providers map has no such entry; known: "
                            + project.providers().keySet());
                }
                built.put(name, build(ProviderSettings.fromFile(name, config), wiring));
            }
        }
        LlmProviders made = new LlmProviders(built, project, modelOverride, listeners, wiring, ownsScheduler);
        List<String> unmapped = made.unmappedAliases(project);
        if (!unmapped.isEmpty()) {
            made.close();
            throw new IllegalArgumentException(String.join("; ", unmapped));
        }
        return made;
    }

    /**
     * Every model alias that would reach a provider with no mapping for it ({@link ModelAliases}):
     * a file agent's model on its provider, {@code defaults.model} on {@code defaults.provider},
     * the supervisor's model and {@code SVC_LLM_MODEL} on every provider in use.
     */
    private List<String> unmappedAliases(ProjectConfig project) {
        List<String> problems = new ArrayList<>();
        if (project != null) {
            for (AgentConfig a : project.agents()) {
                String name = providerName(a.name());
                ModelAliases.check(a.model(), providers.get(name).settings().kind(), name)
                        .ifPresent(p -> problems.add("agent `" + a.name() + "`: " + p));
            }
            if (fileDefaultProvider != null && project.defaults() != null) {
                ModelAliases.check(
                                project.defaults().model(),
                                providers.get(fileDefaultProvider).settings().kind(),
                                fileDefaultProvider)
                        .ifPresent(p -> problems.add("defaults.model: " + p));
            }
            if (project.supervisor() != null && project.supervisor().model() != null) {
                providers.forEach((name, b) -> ModelAliases.check(
                                project.supervisor().model(), b.settings().kind(), name)
                        .ifPresent(p -> problems.add("supervisor.model: " + p)));
            }
        }
        if (modelOverride != null) {
            providers.forEach(
                    (name, b) -> ModelAliases.check(modelOverride, b.settings().kind(), name)
                            .ifPresent(p -> problems.add("SVC_LLM_MODEL: " + p)));
        }
        return problems;
    }

    private static List<String> referencedNames(ProjectConfig project) {
        List<String> names = new ArrayList<>();
        String projectDefault =
                project.defaults() == null ? null : project.defaults().provider();
        for (AgentConfig a : project.agents()) {
            String name = a.provider() != null ? a.provider() : projectDefault != null ? projectDefault : "default";
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        if (projectDefault != null && !names.contains(projectDefault)) {
            names.add(projectDefault);
        }
        return names;
    }

    private static Built build(ProviderSettings s, Wiring w) {
        if (s.kind().equals("scripted")) {
            return new Built(
                    s, new MessagesApiProvider("scripted", new ScriptedModel(), w.callbacks()), Optional.empty());
        }
        Optional<ApiKey> key = s.keyRequired()
                ? Optional.of(ApiKey.required(s.apiKeyEnv(), s.kind() + " (provider `" + s.name() + "`)", w.env()))
                : Optional.empty();
        VendorHttp http = new VendorHttp(
                s.kind(),
                w.client(),
                RetryPolicy.standard(s.maxRetries()),
                s.timeout(),
                w.scheduler(),
                w.callbacks(),
                w.clock(),
                key);
        LlmProvider provider = switch (s.kind()) {
            case "anthropic" ->
                new MessagesApiProvider(
                        "anthropic", new AnthropicHttpTransport(s.baseUrl(), key.orElseThrow(), http), w.callbacks());
            case "openai" -> OpenAiChatProvider.openAi(s.baseUrl(), key.orElseThrow(), http, w.callbacks());
            case "vllm" -> OpenAiChatProvider.vllm(s.baseUrl(), key, http, w.callbacks());
            case "ollama" -> new OllamaChatProvider(s.baseUrl(), http, w.callbacks());
            default -> throw new IllegalArgumentException("no client for provider kind " + s.kind());
        };
        return new Built(s, provider, Optional.of(http));
    }

    /** The provider {@code agent} talks to, with its model choice, compaction and accounting. */
    public LlmProvider forAgent(AgentProfile agent) {
        return perAgent.computeIfAbsent(agent.name(), n -> wrap(agent));
    }

    private LlmProvider wrap(AgentProfile agent) {
        LlmProvider provider = providers.get(providerName(agent.name())).provider();
        provider = new CompactingProvider(provider, listeners.compaction());
        provider = new MeteredProvider(provider, listeners.calls(), wiring.callbacks());
        // The model the agent asks for (the settings file's, already in its profile, or the
        // supervisor's for a merge) as the provider knows it; SVC_LLM_MODEL outranks both.
        provider = new AliasedModelProvider(provider);
        return modelOverride == null ? provider : new ModelOverrideProvider(provider, modelOverride);
    }

    /** The provider an agent talks to: its file entry's, else the file's default, else the server-wide one. */
    private String providerName(String agent) {
        AgentConfig fromFile = fileAgents.get(agent);
        if (fromFile != null) {
            return fromFile.provider() != null
                    ? fromFile.provider()
                    : fileDefaultProvider != null ? fileDefaultProvider : "default";
        }
        return fileDefaultProvider != null ? fileDefaultProvider : ProviderSettings.SERVER_WIDE;
    }

    /** The configured providers by name, with their settings (no keys). */
    public Map<String, ProviderSettings> configured() {
        Map<String, ProviderSettings> out = new LinkedHashMap<>();
        providers.forEach((name, b) -> out.put(name, b.settings()));
        return out;
    }

    /**
     * Probes each configured provider's base address with one short GET, without a key: any
     * HTTP answer means reachable. The embedded scripted model is always reachable.
     */
    public CompletionStage<List<Reachability>> reachability() {
        List<CompletableFuture<Reachability>> probes = new ArrayList<>();
        for (Built b : providers.values()) {
            ProviderSettings s = b.settings();
            if (b.http().isEmpty()) {
                probes.add(
                        CompletableFuture.completedFuture(new Reachability(s.name(), s.kind(), "", true, "embedded")));
                continue;
            }
            URI base = BaseUrl.resolve(s.baseUrl(), "/");
            probes.add(b.http()
                    .get()
                    .probe(base, PROBE_TIMEOUT)
                    .thenApplyAsync(
                            failure -> new Reachability(
                                    s.name(), s.kind(), s.baseUrl(), failure.isEmpty(), failure.orElse("answered")),
                            wiring.callbacks())
                    .toCompletableFuture());
        }
        return CompletableFuture.allOf(probes.toArray(CompletableFuture[]::new))
                .thenApplyAsync(
                        done -> probes.stream().map(CompletableFuture::join).toList(), wiring.callbacks());
    }

    /** Stops the retry scheduler when this instance made it. */
    @Override
    public void close() {
        if (ownsScheduler) {
            wiring.scheduler().shutdownNow();
        }
    }
}
