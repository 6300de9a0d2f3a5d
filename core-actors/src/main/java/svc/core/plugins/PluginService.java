package svc.core.plugins;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.pekko.actor.Cancellable;
import org.apache.pekko.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.features.FeatureRegistry;
import svc.core.datasets.DataRoots;
import svc.persistence.plugins.PluginRepository;
import svc.persistence.plugins.PluginRow;

/**
 * The installed plugins. Install validates a plugin (a directory or a {@code .tar.gz}), stores its
 * normalised archive in the database and unpacks it here; every node re-reads the set from the
 * database every {@code svc.plugins.refresh-interval} (and right after its own changes), so all
 * nodes run the same plugins. The unpacked copies under {@code svc.plugins.cache-dir} are a
 * node-local cache, keyed by the archive's digest and rebuilt from the database when missing.
 *
 * <p>{@link #current()} is the set as this node last read it; readers on any thread may call it.
 * The feature flags the surfaces obey ({@code plugin_agents_enabled}, ...) are read through
 * {@link #enabled}, which the API server connects to its shared registry.
 */
public final class PluginService {

    private static final Logger LOG = LoggerFactory.getLogger(PluginService.class);

    private final PluginRepository repository;
    private final PluginSettings settings;
    private final Executor blocking;
    private final Clock clock;
    private final Predicate<String> reservedAgentName;
    private final Predicate<String> knownTool;
    private final DataRoots dataRoots;
    private volatile Map<String, InstalledPlugin> current = Map.of();
    private volatile Predicate<String> flags;
    private volatile RuntimeSurfaces runtimes = RuntimeSurfaces.NONE;
    private final List<Consumer<List<InstalledPlugin>>> listeners = new CopyOnWriteArrayList<>();

    /**
     * @param reservedAgentName the built-in agents' names, which plugin agents may not take
     * @param knownTool whether a tool of that name exists (for plugin agents' tool lists)
     * @param dataRoots where a plugin installed from a server path may be read (SVC_DATA_DIRS)
     */
    public PluginService(
            PluginRepository repository,
            PluginSettings settings,
            Executor blocking,
            Clock clock,
            Predicate<String> reservedAgentName,
            Predicate<String> knownTool,
            DataRoots dataRoots) {
        this.repository = repository;
        this.dataRoots = dataRoots;
        this.settings = settings;
        this.blocking = blocking;
        this.clock = clock;
        this.reservedAgentName = reservedAgentName;
        this.knownTool = knownTool;
        // Until the API server connects its shared registry: the flags' defaults and environment.
        this.flags = FeatureRegistry.withBuiltIns(System.getenv())::isEnabled;
    }

    /** Where the surfaces read their feature flags from from now on (the API server's shared registry). */
    public void gate(Predicate<String> flags) {
        this.flags = flags;
    }

    public boolean enabled(String flag) {
        return flags.test(flag);
    }

    /** Connects the runtimes that take plugins' MCP servers and WASM tools (see {@link RuntimeSurfaces}). */
    public void runtimes(RuntimeSurfaces runtimes) {
        this.runtimes = runtimes;
    }

    /**
     * The plugin's install-drops: what its reading dropped, and what the runtimes could not
     * register of its MCP servers and WASM tools.
     */
    public PluginBundle.Drops drops(InstalledPlugin plugin) {
        List<PluginBundle.Dropped> all = new ArrayList<>(plugin.bundle().drops().dropped());
        all.addAll(runtimes.notRegistered(plugin));
        return new PluginBundle.Drops(plugin.bundle().drops().unsupportedHookTypes(), all);
    }

    /** Called with the whole set after every change this node sees (the seam for MCP and WASM runtimes). */
    public void listen(Consumer<List<InstalledPlugin>> listener) {
        listeners.add(listener);
    }

    public PluginSettings settings() {
        return settings;
    }

    /** The installed plugins as this node last read them, by name. */
    public List<InstalledPlugin> current() {
        return List.copyOf(current.values());
    }

    public Optional<InstalledPlugin> find(String name) {
        return Optional.ofNullable(current.get(name));
    }

    // ---- install, remove ------------------------------------------------------------------

    /** Installs an uploaded {@code .tar.gz}. */
    public CompletionStage<InstalledPlugin> install(byte[] archive, String by) {
        return CompletableFuture.supplyAsync(() -> installNow(archive, by), blocking);
    }

    /** Installs a directory (or a {@code .tar.gz} file) the server can read. */
    public CompletionStage<InstalledPlugin> installPath(Path given, String by) {
        return CompletableFuture.supplyAsync(
                () -> {
                    Path path;
                    try {
                        // Like every path a request names: only under the data roots, never the server's own files.
                        path = Files.isDirectory(given)
                                ? dataRoots.permittedDirectory("path", given.toString())
                                : dataRoots.permitted("path", given.toString());
                    } catch (DataRoots.Refused e) {
                        throw PluginException.invalid(e.getMessage());
                    }
                    if (Files.isDirectory(path)) {
                        return installNow(PluginArchive.pack(path, settings.maxBytes()), by);
                    }
                    if (!Files.isRegularFile(path)) {
                        throw PluginException.invalid("path: no plugin directory or .tar.gz file at " + path);
                    }
                    try {
                        if (Files.size(path) > settings.maxBytes()) {
                            throw PluginException.invalid("path: the archive is larger than the size cap of "
                                    + settings.maxBytes() + " bytes (svc.plugins.max-bytes)");
                        }
                        return installNow(Files.readAllBytes(path), by);
                    } catch (IOException e) {
                        throw PluginException.invalid("path: cannot read " + path + ": " + e.getMessage());
                    }
                },
                blocking);
    }

    private InstalledPlugin installNow(byte[] upload, String by) {
        if (upload.length > settings.maxBytes()) {
            throw PluginException.invalid("the archive is larger than the size cap of " + settings.maxBytes()
                    + " bytes (svc.plugins.max-bytes)");
        }
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("svc-plugin-");
            Path root = PluginArchive.unpack(new ByteArrayInputStream(upload), scratch, settings.maxBytes());
            PluginBundle bundle = newReader().read(root);
            // What is stored is the normalised archive of what was read, so every node unpacks the same bytes.
            byte[] archive = PluginArchive.pack(root, settings.maxBytes());
            String sha = sha256(archive);
            PluginRow row = new PluginRow(
                    bundle.name(),
                    bundle.manifest().version(),
                    bundle.manifest().description(),
                    sha,
                    clock.instant(),
                    by);
            if (!repository.insert(row, archive)) {
                throw new PluginException(
                        PluginException.Kind.CONFLICT,
                        List.of("a plugin named " + bundle.name() + " is already installed; remove it first"));
            }
            LOG.info(
                    "plugin {} {} installed by {}",
                    bundle.name(),
                    bundle.manifest().version(),
                    by);
            refreshNow();
            return find(bundle.name()).orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("could not store the plugin: " + e.getMessage(), e);
        } finally {
            deleteQuietly(scratch);
        }
    }

    public CompletionStage<InstalledPlugin> remove(String name) {
        return CompletableFuture.supplyAsync(
                () -> {
                    InstalledPlugin known = current.get(name);
                    try {
                        if (!repository.delete(name)) {
                            throw PluginException.notFound("no plugin named " + name + " is installed");
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException("could not remove the plugin: " + e.getMessage(), e);
                    }
                    LOG.info("plugin {} removed", name);
                    refreshNow();
                    return known;
                },
                blocking);
    }

    // ---- the shared set -------------------------------------------------------------------

    /** Re-reads the set now (off the caller's thread). */
    public CompletionStage<List<InstalledPlugin>> refresh() {
        return CompletableFuture.supplyAsync(this::refreshNow, blocking);
    }

    /** Re-reads the set every refresh interval until the returned handle is cancelled. */
    public Cancellable follow(ActorSystem<?> system) {
        return system.scheduler()
                .scheduleWithFixedDelay(
                        settings.refreshInterval(),
                        settings.refreshInterval(),
                        () -> CompletableFuture.runAsync(this::refreshQuietly, blocking),
                        system.executionContext());
    }

    private void refreshQuietly() {
        try {
            refreshNow();
        } catch (RuntimeException e) {
            LOG.warn("could not re-read the installed plugins: {}", e.getMessage());
        }
    }

    /** Blocking: reads the table, unpacks what this node lacks, forgets what was removed. */
    synchronized List<InstalledPlugin> refreshNow() {
        List<PluginRow> rows;
        try {
            rows = repository.list();
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the installed plugins: " + e.getMessage(), e);
        }
        Map<String, InstalledPlugin> next = new LinkedHashMap<>();
        for (PluginRow row : rows) {
            InstalledPlugin known = current.get(row.name());
            if (known != null && known.sha256().equals(row.sha256())) {
                next.put(row.name(), known);
                continue;
            }
            try {
                next.put(row.name(), load(row));
            } catch (RuntimeException e) {
                LOG.error("installed plugin {} cannot be loaded on this node: {}", row.name(), e.getMessage());
            }
        }
        boolean changed = !next.keySet().equals(current.keySet())
                || next.entrySet().stream().anyMatch(e -> e.getValue() != current.get(e.getKey()));
        current = Map.copyOf(next);
        if (changed) {
            List<InstalledPlugin> all = current();
            listeners.forEach(l -> l.accept(all));
        }
        return current();
    }

    private InstalledPlugin load(PluginRow row) {
        Path dir = settings.cacheDir().resolve(row.name() + "-" + row.sha256().substring(0, 16));
        if (!Files.isRegularFile(dir.resolve(PluginReader.MANIFEST))) {
            deleteQuietly(dir);
            byte[] archive;
            try {
                archive = repository.archive(row.name()).orElseThrow(() -> PluginException.notFound(row.name()));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            PluginArchive.unpackInto(archive, dir, settings.maxBytes());
        }
        PluginBundle bundle = newReader().read(dir);
        return new InstalledPlugin(bundle, row.sha256(), row.installedAt(), row.installedBy(), dir);
    }

    private PluginReader newReader() {
        return new PluginReader(reservedAgentName, knownTool);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(walk.toList());
            all.sort(Comparator.reverseOrder());
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.warn("could not remove {}: {}", dir, e.getMessage());
        }
    }
}
