package svc.cli.server;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import svc.cli.settings.PlatformAgents;
import svc.config.effective.ConfigProblem;
import svc.config.effective.EffectiveChecks;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.config.effective.SettingsLayer;
import svc.config.settings.EffectiveSettings;
import svc.config.settings.ProjectConfig;
import svc.config.settings.Settings;
import svc.config.settings.SettingsChecks;
import svc.config.settings.SettingsFile;
import svc.config.settings.SettingsResult;
import svc.core.config.HoconLayers;
import svc.deployments.Deployment;
import svc.deployments.Deployments;
import svc.deployments.Finding;
import svc.deployments.effective.GovernanceLayers;
import svc.governance.egress.EgressAllowlist;
import svc.library.LibraryException;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.template.DeploymentTemplate;
import svc.library.template.TemplateLoader;

/**
 * The one resolved configuration {@code svc server} starts from: built-in defaults &lt; the
 * library template (the deployment's, else the default profile's) &lt; the deployment of
 * {@code SVC_DEPLOYMENT} &lt; the settings file's project for the working directory &lt; the
 * environment &lt; the command line. Every problem found on the way is collected, so a start
 * that fails names all of them, one line each, instead of the first.
 *
 * <p>The platform then reads its HOCON with every value that a template, a deployment or a flag
 * decided (and the joined egress allowlist) laid over it, so the runtime and
 * {@code /api/v1/config/effective} cannot disagree.
 */
public final class ServerConfiguration {

    /**
     * @param config      what the platform and the API read
     * @param effective   every key with its origin
     * @param project     the settings file's project (defaults of the spec applied, {@code @file}
     *                    prompts read), or null
     * @param projectPath its key in the settings file, or null
     * @param warnings    what the settings file says that means nothing here, one line each
     */
    public record Resolved(
            Config config,
            EffectiveConfig effective,
            ProjectConfig project,
            String projectPath,
            Optional<Deployment> deployment,
            List<String> warnings) {
        public Resolved {
            warnings = List.copyOf(warnings);
        }
    }

    /** Names the project directory instead of the working directory. */
    public static final String PROJECT_ENV = "SVC_PROJECT";

    /** The configuration does not validate; {@link #problems} are one line each. */
    public static final class Invalid extends Exception {
        private final List<String> problems;

        Invalid(List<String> problems) {
            super(problems.size() + " configuration problem(s); the first: " + problems.get(0));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    /** Keys that layers add to rather than replace. */
    static final Set<String> JOINED = Set.of(GovernanceLayers.EGRESS);

    private ServerConfiguration() {}

    /**
     * @param env          the process environment (or a test's)
     * @param settingsFile the settings file, read when it exists
     * @param projectDir   the directory the server runs in: its project of the settings file applies
     *                     ({@code SVC_PROJECT} in {@code env} names another)
     * @param flags        command-line options by key, with the option named in the origin
     */
    public static Resolved resolve(Map<String, String> env, Path settingsFile, Path projectDir, Map<String, Flag> flags)
            throws Invalid {
        List<String> problems = new ArrayList<>();
        HoconLayers.Split hocon = HoconLayers.load(env);
        List<Layer> layers = new ArrayList<>(List.of(hocon.defaults(), hocon.env()));

        Optional<Deployment> deployment = deployment(env, problems);
        deployment.ifPresent(d -> {
            layers.add(GovernanceLayers.template(d.templateRef(), d.template()));
            layers.add(GovernanceLayers.deployment(d));
        });
        if (deployment.isEmpty()) {
            defaultTemplate(hocon, env, problems).ifPresent(layers::add);
        }

        ProjectConfig project = null;
        String projectPath = null;
        List<String> warnings = new ArrayList<>();
        String namedProject = env.get(PROJECT_ENV);
        Path dir = namedProject == null || namedProject.isBlank() ? projectDir : Path.of(namedProject.strip());
        Optional<Settings> settings = settings(settingsFile, problems);
        if (settings.isPresent()) {
            Optional<Map.Entry<String, ProjectConfig>> written = writtenProject(settings.get(), dir);
            if (written.isPresent()) {
                projectPath = written.get().getKey();
                ProjectConfig asWritten = written.get().getValue();
                layers.add(SettingsLayer.of(Path.of(projectPath), asWritten));
                layers.add(SettingsRuntimeKeys.layer(projectPath, asWritten));
                SettingsChecks.Known known = PlatformAgents.known();
                String where = "the settings file " + settingsFile + ": ";
                SettingsChecks.unknownAgents(projectPath, asWritten, known)
                        .forEach(p -> problems.add(where + p + " (see: svc settings validate)"));
                SettingsChecks.warnings(projectPath, asWritten, known).forEach(w -> warnings.add(where + w));
                try {
                    project = EffectiveSettings.readPrompts(EffectiveSettings.resolve(asWritten), Path.of(projectPath));
                } catch (IOException e) {
                    problems.add(where + e.getMessage());
                }
            }
        }

        Layer.Builder flagLayer = Layer.builder(Origin.Kind.FLAG);
        flags.forEach((key, flag) -> flagLayer.put(key, flag.value(), Origin.flag(flag.option())));
        layers.add(flagLayer.build());

        EffectiveConfig effective = GuardrailSwitches.withAtRestState(layers, JOINED);
        EffectiveChecks.check(effective).stream().map(ConfigProblem::line).forEach(problems::add);
        GuardrailSwitches.check(effective).stream().map(ConfigProblem::line).forEach(problems::add);
        effective.get(GovernanceLayers.EGRESS).ifPresent(s -> {
            try {
                EgressAllowlist.parse(String.valueOf(s.value()));
            } catch (IllegalArgumentException e) {
                problems.add(new ConfigProblem(GovernanceLayers.EGRESS, s.origin(), e.getMessage()).line());
            }
        });
        if (!problems.isEmpty()) {
            throw new Invalid(problems);
        }
        return new Resolved(config(effective, hocon.config()), effective, project, projectPath, deployment, warnings);
    }

    /**
     * {@link #resolve}, and what only a server that starts needs besides: the customer's key when
     * G12/G13 (at-rest encryption) are on. {@code svc deploy whitepaper} resolves without it: it
     * describes the configuration, often on a machine that does not hold the key.
     */
    public static Resolved resolveToStart(
            Map<String, String> env, Path settingsFile, Path projectDir, Map<String, Flag> flags) throws Invalid {
        Resolved resolved = resolve(env, settingsFile, projectDir, flags);
        List<String> problems = GuardrailSwitches.keyProblems(resolved.effective(), resolved.config(), env).stream()
                .map(ConfigProblem::line)
                .toList();
        if (!problems.isEmpty()) {
            throw new Invalid(problems);
        }
        return resolved;
    }

    /** A command-line option's value and how it was written ({@code --port}). */
    public record Flag(String option, Object value) {}

    /**
     * The HOCON the platform reads: every value a template, deployment or flag decided, and the
     * joined keys, over the HOCON that already holds the defaults and the environment.
     */
    static Config config(EffectiveConfig effective, Config hocon) {
        Map<String, Object> overrides = new LinkedHashMap<>();
        effective.settings().forEach((key, s) -> {
            Origin.Kind kind = s.origin().kind();
            // The settings file decides the svc.agents keys of SettingsRuntimeKeys (svc.settings.* is only shown).
            boolean decidedAbove = kind == Origin.Kind.TEMPLATE
                    || kind == Origin.Kind.DEPLOYMENT
                    || kind == Origin.Kind.SETTINGS
                    || kind == Origin.Kind.FLAG;
            if (key.startsWith("svc.")
                    && !key.startsWith(SettingsLayer.PREFIX + ".")
                    && (decidedAbove || JOINED.contains(key))) {
                overrides.put(key, s.value());
            }
        });
        return ConfigFactory.parseMap(overrides, "svc server's resolved configuration")
                .withFallback(hocon);
    }

    private static Optional<Deployment> deployment(Map<String, String> env, List<String> problems) {
        String dir = env.get(Deployments.ENV);
        if (dir == null || dir.isBlank()) {
            return Optional.empty();
        }
        Deployments.Validation v = Deployments.validate(Path.of(dir.strip()));
        v.findings().stream()
                .filter(Finding::isError)
                .forEach(f -> problems.add(Deployments.ENV + " (" + v.directory() + "): " + f));
        return v.hasErrors() ? Optional.empty() : v.deployment();
    }

    /** Without a deployment, the template of the default profile is the layer under the environment. */
    private static Optional<Layer> defaultTemplate(
            HoconLayers.Split hocon, Map<String, String> env, List<String> problems) {
        String key = GovernanceLayers.DEFAULT_PROFILE;
        String profile = hocon.config().getString(key);
        Library library = Library.builtIn();
        if (!library.names(AssetKind.TEMPLATE).contains(profile)) {
            Origin origin = hocon.env().values().containsKey(key)
                    ? hocon.env().values().get(key).origin()
                    : Origin.DEFAULT;
            problems.add(new ConfigProblem(
                            key,
                            origin,
                            "'" + profile + "' is not a template of the library; one of "
                                    + library.names(AssetKind.TEMPLATE))
                    .line());
            return Optional.empty();
        }
        try {
            AssetRef ref = library.latest(AssetKind.TEMPLATE, profile).ref();
            DeploymentTemplate template = TemplateLoader.load(library, ref);
            return Optional.of(GovernanceLayers.template(ref, template));
        } catch (LibraryException e) {
            problems.add(key + ": template " + profile + " cannot be loaded: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Optional<Settings> settings(Path file, List<String> problems) {
        if (file == null || !Files.exists(file)) {
            return Optional.empty();
        }
        SettingsResult result;
        try {
            result = SettingsFile.read(file);
        } catch (IOException e) {
            problems.add("the settings file " + file + " cannot be read: " + e.getMessage());
            return Optional.empty();
        }
        if (result instanceof SettingsResult.Invalid invalid) {
            invalid.problems()
                    .forEach(p -> problems.add("the settings file " + file + " is invalid: "
                            + (p.pointer().isEmpty() ? "" : p.pointer() + ": ") + p.message()
                            + " (see: svc settings validate)"));
            return Optional.empty();
        }
        return Optional.of(((SettingsResult.Valid) result).settings());
    }

    /** The project of the file for {@code dir} as written, with its key; the lookup of {@link EffectiveSettings}. */
    private static Optional<Map.Entry<String, ProjectConfig>> writtenProject(Settings settings, Path dir) {
        Path normalized = dir.toAbsolutePath().normalize();
        List<String> keys = new ArrayList<>(List.of(normalized.toString()));
        try {
            keys.add(normalized.toRealPath().toString());
        } catch (IOException e) {
            // no real path: only the normalized one can match
        }
        return keys.stream()
                .filter(settings.projects()::containsKey)
                .findFirst()
                .map(k -> Map.entry(k, settings.projects().get(k)));
    }
}
