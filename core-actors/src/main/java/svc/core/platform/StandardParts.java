package svc.core.platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.settings.HooksConfig;
import svc.config.settings.PermissionsConfig;
import svc.config.settings.ProjectConfig;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.agent.SettingsProfiles;
import svc.core.extensions.Extensions;
import svc.core.governance.DriftPolicy;
import svc.core.governance.GovernedTools;
import svc.core.llm.providers.CompactionListener;
import svc.core.llm.providers.LlmProviders;
import svc.core.task.DeploymentPort;
import svc.core.tools.Tool;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ml.AuditSigner;
import svc.core.tools.ml.StandardTools;
import svc.core.tools.sandbox.SandboxTools;
import svc.governance.egress.EgressAllowlist;
import svc.governance.egress.EgressPolicy;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialLog;
import svc.governance.permission.DenialSink;
import svc.governance.permission.PolicyRules;
import svc.governance.permission.SettingsRules;
import svc.governance.sandbox.Sandbox;
import svc.governance.scrub.ConversationScrubber;
import svc.governance.signing.ArtefactSigning;
import svc.governance.signing.Ed25519Signer;
import svc.governance.signing.SignatureResult;
import svc.governance.signing.Signer;
import svc.governance.signing.Signers;
import svc.ml.report.SignatureBlock;
import svc.persistence.Database;
import svc.persistence.denials.DenialRepository;

/**
 * The parts a server or the demo runs with: each agent's model provider chosen by
 * {@link LlmProviders} ({@code SVC_LLM_PROVIDER}, scripted by default, and the settings file's
 * project when given), the standard tools with the audit PDF signed (G11, {@code SVC_SIGNING_DRIVER}, default offline
 * Ed25519 with a key pair kept under {@code $SVC_HOME/keys/audit}), governance around every step
 * (operator policy from {@code SVC_POLICY_FILE}, egress allowlist from
 * {@code svc.governance.egress-allowlist}: the deployment's hosts and {@code SVC_EGRESS_ALLOWLIST},
 * denials stored in the database), the conversation scrubber (G5)
 * on the conversation files, and the sandboxed tools with the sandbox of {@code svc.sandbox} (G2).
 * The settings file's project changes the roster's agents ({@link SettingsProfiles}) and its
 * permissions join the engine as operator policy ({@link SettingsRules}).
 */
public final class StandardParts implements Platform.PartsFactory {

    private static final Logger LOG = LoggerFactory.getLogger(StandardParts.class);

    /** Listeners the HTTP layer plugs metrics into; no-ops by default. */
    private final DecisionListener decisions;

    private final GuardrailListener guardrails;
    private final LlmProviders.Listeners llmListeners;
    private final ProjectConfig settingsProject;
    /** The project's key in the settings file: where its permission rules come from. */
    private final String projectPath;
    /** Where the project's relative paths (a WASM tool's {@code path}) start: {@code svc server} runs in it. */
    private final Path projectDir;

    private StandardParts(
            DecisionListener decisions,
            GuardrailListener guardrails,
            LlmProviders.Listeners llmListeners,
            ProjectConfig settingsProject,
            String projectPath,
            Path projectDir) {
        this.decisions = decisions;
        this.guardrails = guardrails;
        this.llmListeners = llmListeners;
        this.settingsProject = settingsProject;
        this.projectPath = projectPath;
        this.projectDir = projectDir;
    }

    private StandardParts(
            DecisionListener decisions,
            GuardrailListener guardrails,
            LlmProviders.Listeners llmListeners,
            ProjectConfig settingsProject,
            String projectPath) {
        this(
                decisions,
                guardrails,
                llmListeners,
                settingsProject,
                projectPath,
                Path.of("").toAbsolutePath());
    }

    /** The same parts for a project in {@code dir} rather than the working directory. */
    public StandardParts inProject(Path dir) {
        return new StandardParts(
                decisions, guardrails, llmListeners, settingsProject, projectPath, dir.toAbsolutePath());
    }

    public static StandardParts create() {
        return new StandardParts(
                DecisionListener.NONE, GuardrailListener.NONE, LlmProviders.Listeners.NONE, null, null);
    }

    /**
     * @param settingsProject the settings file's project for this server (defaults resolved,
     *     prompts read), or null
     * @param projectPath its key in the file
     */
    public static StandardParts create(ProjectConfig settingsProject, String projectPath) {
        return new StandardParts(
                DecisionListener.NONE,
                GuardrailListener.NONE,
                LlmProviders.Listeners.NONE,
                settingsProject,
                projectPath);
    }

    /** With the listeners the HTTP layer feeds its metrics from. */
    public static StandardParts create(
            ProjectConfig settingsProject,
            String projectPath,
            DecisionListener decisions,
            GuardrailListener guardrails,
            LlmProviders.Listeners llmListeners) {
        return new StandardParts(decisions, guardrails, llmListeners, settingsProject, projectPath);
    }

    /** The settings file's permissions of the project as operator policy, or null without a project. */
    static SettingsRules settingsRules(ProjectConfig project, String projectPath) {
        if (project == null) {
            return null;
        }
        Map<String, SettingsRules.Level> agents = new HashMap<>();
        project.agents().forEach(a -> {
            if (a.permissions() != null) {
                agents.put(a.name(), level(a.permissions()));
            }
        });
        SettingsRules.Level level = project.permissions() == null ? null : level(project.permissions());
        return new SettingsRules(projectPath == null ? "(unnamed)" : projectPath, level, agents);
    }

    private static SettingsRules.Level level(PermissionsConfig p) {
        return new SettingsRules.Level(p.allow(), p.ask(), p.deny(), p.defaultMode());
    }

    @Override
    public AgentDirectory directory(AgentDirectory roster) {
        return SettingsProfiles.apply(roster, settingsProject);
    }

    /** The settings file's grants of its MCP and WASM tools to agents (see {@link Extensions#grants}). */
    @Override
    public Map<String, List<String>> toolGrants() {
        return Extensions.grants(settingsProject);
    }

    @Override
    public HooksConfig settingsHooks() {
        return settingsProject == null ? null : settingsProject.hooks();
    }

    /** Without a database (tools and tests): denials are kept in memory. */
    @Override
    public Platform.Parts create(CoreSettings settings, AgentDirectory directory, Executor ml, Executor callbacks) {
        return build(settings, directory, callbacks, new DenialLog(), DeploymentPort.NONE);
    }

    @Override
    public Platform.Parts create(
            CoreSettings settings, AgentDirectory directory, Executor ml, Executor callbacks, Database database) {
        return create(settings, directory, ml, callbacks, database, DeploymentPort.NONE);
    }

    @Override
    public Platform.Parts create(
            CoreSettings settings,
            AgentDirectory directory,
            Executor ml,
            Executor callbacks,
            Database database,
            DeploymentPort deployments) {
        return build(
                settings,
                directory,
                callbacks,
                database == null ? new DenialLog() : new DenialRepository(database.dataSource(), database.columns()),
                deployments);
    }

    private Platform.Parts build(
            CoreSettings settings,
            AgentDirectory directory,
            Executor callbacks,
            DenialSink denials,
            DeploymentPort deployments) {
        // Built once per platform, first: a strict driver that cannot work here throws, and start aborts.
        Sandbox sandbox = settings.sandbox().create();
        LOG.info("sandbox driver {} for execute_python and execute_shell", sandbox.driver());
        // The PRE/POST_COMPACTION hooks join once the platform has its hook pipeline (Parts.compactionHooks).
        AtomicReference<CompactionListener> compactionHooks = new AtomicReference<>(CompactionListener.NONE);
        CompactionListener compaction = event -> {
            llmListeners.compaction().onEvent(event);
            compactionHooks.get().onEvent(event);
        };
        LlmProviders providers = LlmProviders.create(
                settings.llmProvider(),
                settings.llmBaseUrl(),
                settings.llmModel(),
                settingsProject,
                System::getenv,
                callbacks,
                new LlmProviders.Listeners(llmListeners.calls(), compaction));
        String policyFile = System.getenv("SVC_POLICY_FILE");
        PolicyRules policy = policyFile == null || policyFile.isBlank()
                ? PolicyRules.empty()
                : PolicyRules.load(Path.of(policyFile));
        // One allowlist for tools, the sandbox and notifications: the resolved svc.governance.egress-allowlist.
        String allowlist = settings.governance().egressAllowlist();
        EgressPolicy egress = new EgressPolicy(EgressAllowlist.parse(allowlist));
        List<Tool> sandboxed = SandboxTools.all(sandbox, settings.sandbox(), egress);
        // The engine judges an MCP server's address (G1); the servers are added below, once the registry exists.
        AtomicReference<Extensions> extensionsOfGovernance = new AtomicReference<>();
        GovernedTools governance = new GovernedTools(
                settings,
                directory,
                policy,
                settingsRules(settingsProject, projectPath),
                allowlist,
                denials,
                decisions,
                guardrails,
                tool -> Optional.ofNullable(extensionsOfGovernance.get()).flatMap(e -> e.remoteUrlOf(tool)));
        ConversationScrubber scrubber = ConversationScrubber.defaults();
        // Every standard tool's text, JSON and Markdown files are treated for PII as they are written (STORAGE_WRITE).
        ToolRegistry tools = governance.screenStorage(StandardTools.registry(
                auditSigner(settings),
                sandboxed,
                deployments,
                new DriftPolicy(settings.governance(), settings.defaultProfile())));
        // MCP servers and WASM tools (they write no run files): the settings file's now; installed plugins
        // add theirs through the same entry point, on this registry (Platform: PluginExtensions).
        Extensions extensions = new Extensions(tools, settings.extensions(), egress, System::getenv, Clock.systemUTC());
        extensionsOfGovernance.set(extensions);
        if (settingsProject != null) {
            extensions.add(new Extensions.Definitions(
                    "settings", projectDir, settingsProject.mcpServers(), settingsProject.wasmTools()));
        }
        return new Platform.Parts(
                providers::forAgent,
                tools,
                governance,
                scrubber::scrubLine,
                providers::reachability,
                extensions,
                compactionHooks::set);
    }

    /** Signs the PDF content for its signature block, and the written file with a sidecar receipt. */
    static AuditSigner auditSigner(CoreSettings settings) {
        String driver = System.getenv().getOrDefault("SVC_SIGNING_DRIVER", "ed25519");
        boolean strict = Boolean.parseBoolean(System.getenv().getOrDefault("SVC_SIGNING_STRICT", "false"));
        // Several nodes sign with one key pair: SVC_SIGNING_KEY_DIR names where it is (a mounted secret).
        String shared = System.getenv("SVC_SIGNING_KEY_DIR");
        Path keys = shared == null || shared.isBlank()
                ? settings.home().resolve("keys").resolve("audit")
                : Path.of(shared);
        if (driver.equals("ed25519") && !Files.exists(keys.resolve(Ed25519Signer.PRIVATE_FILE))) {
            Ed25519Signer.generate(keys, Clock.systemUTC());
            LOG.info("generated the audit signing key pair under {}", keys);
        }
        Signer signer = Signers.select(
                driver,
                strict,
                new Signers.Options(
                        keys, System.getenv("SVC_SIGNING_KMS_KEY"), System.getenv("PATH"), Clock.systemUTC()));
        return new AuditSigner() {
            @Override
            public SignatureBlock sign(byte[] content, Path pdf) {
                SignatureResult r = signer.sign(content);
                if (!r.signed()) {
                    return null;
                }
                return new SignatureBlock(
                        r.driver(), r.algorithm(), r.keyId(), HexFormat.of().formatHex(r.signature()), r.signedAt());
            }

            @Override
            public void write(Path pdf, byte[] bytes) throws IOException {
                // A detached signature and receipt over the exact bytes on disk, for `verify` tools.
                ArtefactSigning.writeSigned(pdf, bytes, signer);
            }
        };
    }
}
