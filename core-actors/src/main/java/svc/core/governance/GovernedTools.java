package svc.core.governance;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.config.features.BuiltInFeatures;
import svc.config.features.FeatureRegistry;
import svc.config.io.AtomicFiles;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.llm.ChatMessage;
import svc.core.llm.LlmResponse;
import svc.core.llm.ToolCall;
import svc.core.tools.StorageWrites;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolRegistry;
import svc.core.tools.ToolResult;
import svc.governance.compliance.ComplianceGate;
import svc.governance.compliance.ComplianceGates;
import svc.governance.compliance.GateInputs;
import svc.governance.guardrail.ChainResult;
import svc.governance.guardrail.Guardrail;
import svc.governance.guardrail.GuardrailChain;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.guardrail.GuardrailVerdict;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Outcome;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.builtin.BuiltinGuardrails;
import svc.governance.permission.AgentAllowlistRules;
import svc.governance.permission.Behavior;
import svc.governance.permission.ComplianceGateRules;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialRecord;
import svc.governance.permission.DenialSink;
import svc.governance.permission.EgressRules;
import svc.governance.permission.FeatureFlagRules;
import svc.governance.permission.HitlRules;
import svc.governance.permission.PermissionDecision;
import svc.governance.permission.PermissionEngine;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.PermissionRule;
import svc.governance.permission.PolicyRules;
import svc.governance.permission.Priorities;
import svc.governance.permission.ProfileRules;
import svc.governance.permission.Role;
import svc.governance.permission.RuleProvider;
import svc.governance.permission.RuleSource;
import svc.governance.permission.SettingsRules;
import svc.governance.permission.Subject;
import svc.governance.pii.PiiAction;
import svc.governance.pii.PiiDetector;
import svc.governance.pii.PiiGuardrail;
import svc.governance.pii.PiiRedactor;
import svc.governance.scrub.ConversationScrubber;
import svc.library.asset.AssetKind;
import svc.library.asset.Library;
import svc.library.template.DeploymentTemplate;
import svc.library.template.TemplateLoader;

/**
 * Governance in the agent loop. Before a tool runs: the permission engine with the agent
 * allowlist, the feature flags (a tool of a feature that is off is denied, source
 * {@code feature_flag}), the operator policy (the policy file and the settings file's
 * {@code permissions}, {@link SettingsRules}), the approvals the run's profile asks for (source
 * {@code hitl}), the profile's other rules, its compliance gates (fed by the latest result of each
 * tool in the run) and the egress allowlist (G1); an ASK goes to the run, which grants it when it
 * already holds a person's approval (an approved deploy, manual or security gate) and otherwise
 * opens a gate for the call. After a tool: PII in its result is treated before the model sees it
 * (POST_TOOL) and the result is kept as gate evidence; the text, JSON and Markdown files it wrote
 * are treated in place (STORAGE_WRITE, {@link #screenStorage}). Before a model call: the
 * conversation is screened for prompt injection (PRE_LLM). After it: the answer's text and
 * tool-call arguments (POST_LLM). Conversation lines are treated before they are written
 * (STORAGE_WRITE).
 *
 * <p>PII (G4) is treated with the {@code pii_action} of the run's profile ({@code redact},
 * {@code mask}, {@code hash}): the deployment's for its template's profile, else the template's. A
 * profile whose template lists HIPAA Safe Harbor identifiers uses the Safe Harbor pack
 * ({@link PiiDetector#safeHarbor()}), any other the twelve default types.
 *
 * <p>The run's profile is the {@code profile} of its request when that names a deployment
 * template ({@code generic_ml}, {@code bfsi_baseline}, {@code hipaa_baseline}); {@code default},
 * blank or absent means the platform's default profile ({@code svc.governance.default-profile},
 * the selected deployment's template under {@code svc server}). Runs under the configured template
 * ({@link GovernanceSettings}) take the deployment's rules instead of the template's, and its
 * guardrail switches (G1, G3, G4 and the G5 conversation scrubber, each on or off). It fails
 * closed: when the profile cannot be determined ({@code run.json} missing or unreadable, a
 * profile that names no template), every tool call of the run is denied (source
 * {@code profile}, rule {@code profile-unresolved}) and PII is treated with the Safe Harbor pack
 * and {@code redact}.
 */
public final class GovernedTools implements ToolPermissions {

    public static final String DEFAULT_PROFILE = "generic_ml";

    /** The rule id of the denial of every tool call of a run whose profile cannot be determined. */
    public static final String PROFILE_UNRESOLVED = "profile-unresolved";

    /** The id of G4, which the deployment in force may switch off for its template's profile. */
    private static final String PII_GUARDRAIL = "G4";

    /** The id of G5, the conversation-file scrubber, which the deployment in force may switch off likewise. */
    private static final String SCRUBBER = "G5";

    /** Tools that belong to a feature: denied (source {@code feature_flag}) while the feature is off. */
    public static final Map<String, String> FEATURE_OF_TOOL = Map.of(
            "execute_python", BuiltInFeatures.CODE_EXECUTION_ENABLED,
            "execute_shell", BuiltInFeatures.CODE_EXECUTION_ENABLED);

    /** The shape of a template's drift gate: the maximum PSI above a limit. */
    private static final Pattern DRIFT_GATE =
            Pattern.compile("(\\s*\\$\\{last_tool_result\\.max_psi}\\s*>\\s*)[0-9]+(?:\\.[0-9]+)?\\s*");

    private final String defaultProfile;

    private final CoreSettings settings;
    private final AgentAllowlistRules allowlist;
    private final PolicyRules policy;
    /** The settings file's permissions (operator policy, source {@code policy}); null without a project. */
    private final SettingsRules settingsRules;

    private final DenialSink denials;
    private final DecisionListener decisions;
    /** G1 and G3; G4 is added per profile. */
    private final List<Guardrail> baseGuardrails;
    /** G1 and G3 of runs under the configured template: {@link #baseGuardrails} minus those switched off. */
    private final List<Guardrail> configuredBaseGuardrails;

    private final GuardrailListener guardrailListener;
    private final Function<String, Optional<String>> toolEndpoints;
    private final Map<String, Profile> profiles = new ConcurrentHashMap<>();
    private final Map<String, String> profileOfRun = new ConcurrentHashMap<>();
    private final Profile unresolved;
    private volatile Predicate<String> featureEnabled;
    private volatile Function<String, Optional<PiiAction>> piiActions = profile -> Optional.empty();
    /** The STORAGE_WRITE hooks on artefact files, connected once the hook pipeline exists. */
    private volatile StorageWrites storageHooks = StorageWrites.NONE;

    /** What governs the runs of one profile. */
    private record Profile(PermissionEngine engine, List<Guardrail> guardrails, ConversationScrubber scrubber) {}

    /** The run's profile, or why it cannot be determined. */
    private record Resolved(String profile, String problem) {}

    public GovernedTools(
            CoreSettings settings,
            AgentDirectory directory,
            PolicyRules policy,
            String egressAllowlist,
            DenialSink denials,
            DecisionListener decisions,
            GuardrailListener guardrailListener) {
        this(
                settings,
                directory,
                policy,
                null,
                egressAllowlist,
                denials,
                decisions,
                guardrailListener,
                tool -> Optional.empty());
    }

    /**
     * @param settingsRules the settings file's permissions, or null when the server runs no project
     * @param toolEndpoints the remote address a tool always reaches (an HTTP or SSE MCP server),
     *     judged by the egress allowlist (G1) like a URL in the arguments
     */
    public GovernedTools(
            CoreSettings settings,
            AgentDirectory directory,
            PolicyRules policy,
            SettingsRules settingsRules,
            String egressAllowlist,
            DenialSink denials,
            DecisionListener decisions,
            GuardrailListener guardrailListener,
            Function<String, Optional<String>> toolEndpoints) {
        this.settingsRules = settingsRules;
        this.toolEndpoints = toolEndpoints;
        this.settings = settings;
        this.defaultProfile = settings.defaultProfile();
        // Read from the directory on each check: plugin agents and what plugins add come and go.
        this.allowlist = new AgentAllowlistRules(
                name -> directory.find(name).map(p -> Set.copyOf(p.tools())).orElse(null),
                name -> directory.find(name).map(p -> Set.copyOf(p.delegates())).orElse(null));
        this.policy = policy;
        this.denials = denials;
        this.decisions = decisions;
        this.baseGuardrails = BuiltinGuardrails.create(egressAllowlist).stream()
                .filter(g -> !(g instanceof PiiGuardrail))
                .toList();
        this.configuredBaseGuardrails = baseGuardrails.stream()
                .filter(g -> !settings.governance().disabledGuardrails().contains(g.id()))
                .toList();
        this.guardrailListener = guardrailListener;
        // Until the server hands over its registry (runtime overrides), the defaults and SVC_FEATURE_*.
        FeatureRegistry builtIns = FeatureRegistry.withBuiltIns(System.getenv());
        this.featureEnabled = builtIns::isEnabled;
        this.unresolved = new Profile(
                null,
                withPii(baseGuardrails, PiiDetector.safeHarbor(), PiiAction.REDACT)
                        .guardrails(),
                null);
    }

    /** The server's feature flags, read on every call, so a flip takes effect on the next tool call. */
    public void useFeatures(Predicate<String> enabled) {
        this.featureEnabled = enabled;
    }

    /**
     * A {@code pii_action} per profile for the profiles the deployment in force does not govern
     * (its own profile takes {@link GovernanceSettings#piiAction()}); empty: the template's.
     * Profiles already in use are rebuilt with it.
     */
    public void usePiiActions(Function<String, Optional<PiiAction>> byProfile) {
        this.piiActions = byProfile;
        profiles.clear();
    }

    @Override
    public Verdict check(String runId, String agent, String tool, String argumentsJson) {
        Resolved run = profileOf(runId);
        PermissionEngine engine =
                run.problem() == null ? governance(run.profile()).engine() : failClosed(run.problem());
        PermissionDecision decision =
                engine.decide(PermissionRequest.forAgent(agent, Role.OPERATOR, tool, argumentsJson, runId));
        String ruleId = decision.winner().map(PermissionRule::id).orElse(null);
        if (decision.allowed()) {
            return Verdict.allow();
        }
        // The rule's id goes with its source, so a denial says which rule of which source decided.
        String reason = ruleId == null || decision.reason().contains(ruleId)
                ? decision.reason()
                : decision.reason() + " (rule " + ruleId + ")";
        if (decision.needsApproval()) {
            // The agent asks the run, which knows its gates: a person's earlier approval (the deploy
            // checkpoint) grants it at once, otherwise the run opens a gate for this call.
            return new Verdict(false, true, decision.source(), reason, ruleId);
        }
        return new Verdict(false, false, decision.source(), reason, ruleId);
    }

    /**
     * A person's action through the API on a run's model (deploying, promoting): the run's engine
     * (its profile's rules and compliance gates, the operator policy) with the person as subject;
     * an ASK is returned as such for the caller to settle. A run whose profile cannot be determined
     * is denied, as its tool calls are.
     */
    @Override
    public Verdict checkAction(String runId, String user, String action, String argumentsJson) {
        Resolved run = profileOf(runId);
        PermissionEngine engine =
                run.problem() == null ? governance(run.profile()).engine() : failClosed(run.problem());
        PermissionDecision decision = engine.decide(
                new PermissionRequest(new Subject.ApiUser(user), Role.OPERATOR, action, argumentsJson, runId));
        String ruleId = decision.winner().map(PermissionRule::id).orElse(null);
        if (decision.allowed()) {
            return Verdict.allow();
        }
        return new Verdict(false, decision.needsApproval(), decision.source(), decision.reason(), ruleId);
    }

    @Override
    public void refused(String runId, String agent, String tool, Verdict verdict, String why) {
        denials.record(new DenialRecord(
                verdict.source(),
                verdict.ruleId(),
                verdict.reason() + " (" + why + ")",
                runId,
                agent,
                tool,
                Instant.now()));
    }

    @Override
    public ToolResult afterTool(ToolContext context, String tool, ToolResult result) {
        // The string values of a JSON result only: numbers stay exact (a long decimal looks like a phone number).
        Payload payload;
        try {
            payload = new Payload.Json(Json.parse(result.contentJson()));
        } catch (IllegalArgumentException e) {
            payload = new Payload.Text(result.contentJson());
        }
        ChainResult filtered = GuardrailChain.forPoint(
                        IntegrationPoint.POST_TOOL, guardrailsOf(context.runId()), guardrailListener)
                .run(new GuardrailContext(IntegrationPoint.POST_TOOL, context.runId(), context.agent(), tool), payload);
        if (filtered.denied()) {
            return ToolResult.error("the result of " + tool + " was withheld: "
                    + filtered.denial().map(v -> v.reason()).orElse("guardrail"));
        }
        ToolResult seen = result;
        if (filtered.outcome() == Outcome.REDACT) {
            String text = filtered.payload() instanceof Payload.Json j
                    ? Json.write(j.node())
                    : ((Payload.Text) filtered.payload()).text();
            seen = new ToolResult(result.ok(), text, result.facts(), result.guardrails())
                    .withGuardrails(notes(filtered, "the result of " + tool));
        }
        if (seen.ok()) {
            // Kept as the model sees it: the gates read figures, and the file holds no PII the model may not see.
            keepEvidence(context.runDir(), tool, seen.contentJson());
        }
        return seen;
    }

    @Override
    public Optional<String> screenPrompt(String runId, String agent, List<ChatMessage> conversation) {
        List<Payload.Message> messages = new ArrayList<>();
        for (ChatMessage m : conversation) {
            messages.add(new Payload.Message(m.role().name().toLowerCase(), m.content()));
        }
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.PRE_LLM, guardrailsOf(runId), guardrailListener)
                .run(
                        new GuardrailContext(IntegrationPoint.PRE_LLM, runId, agent, null),
                        new Payload.Messages(messages));
        return r.denied()
                ? Optional.of(r.denial().map(v -> v.reason()).orElse("a guardrail denied it"))
                : Optional.empty();
    }

    @Override
    public ScreenedAnswer screenAnswer(String runId, String agent, LlmResponse answer) {
        GuardrailChain chain =
                GuardrailChain.forPoint(IntegrationPoint.POST_LLM, guardrailsOf(runId), guardrailListener);
        List<String> notes = new ArrayList<>();
        String text = answer.text();
        if (!text.isEmpty()) {
            ChainResult r = chain.run(
                    new GuardrailContext(IntegrationPoint.POST_LLM, runId, agent, null), new Payload.Text(text));
            if (r.denied()) {
                return withheld(answer, r, "the answer");
            }
            text = ((Payload.Text) r.payload()).text();
            notes.addAll(notes(r, "the answer"));
        }
        List<ToolCall> calls = new ArrayList<>();
        for (ToolCall call : answer.toolCalls()) {
            GuardrailContext at = new GuardrailContext(IntegrationPoint.POST_LLM, runId, agent, call.name());
            Payload args;
            try {
                args = new Payload.Json(Json.parse(call.argumentsJson()));
            } catch (IllegalArgumentException e) {
                args = new Payload.Text(call.argumentsJson());
            }
            ChainResult r = chain.run(at, args);
            if (r.denied()) {
                // No call of a withheld answer is acted on.
                return withheld(answer, r, "the arguments of " + call.name());
            }
            String screened =
                    r.payload() instanceof Payload.Json j ? Json.write(j.node()) : ((Payload.Text) r.payload()).text();
            calls.add(r.outcome() == Outcome.REDACT ? new ToolCall(call.id(), call.name(), screened) : call);
            notes.addAll(notes(r, "the arguments of " + call.name()));
        }
        if (notes.isEmpty()) {
            return new ScreenedAnswer(answer, List.of());
        }
        return new ScreenedAnswer(
                new LlmResponse(answer.model(), text, calls, answer.usage(), answer.stopReason()), notes);
    }

    /** An answer a guardrail denied: a note in its place, and no tool call. */
    private static ScreenedAnswer withheld(LlmResponse answer, ChainResult r, String what) {
        String why = r.denial().map(GuardrailVerdict::reason).orElse("a guardrail denied it");
        return new ScreenedAnswer(
                new LlmResponse(
                        answer.model(),
                        "[the answer was withheld: " + why + "]",
                        List.of(),
                        answer.usage(),
                        answer.stopReason()),
                notes(r, what));
    }

    @Override
    public String screenStored(String runId, String line) {
        Resolved run = profileOf(runId);
        ConversationScrubber scrubber = run.problem() == null
                ? governance(run.profile()).scrubber()
                : new ConversationScrubber(new PiiRedactor(PiiDetector.safeHarbor(), Map.of(), PiiAction.REDACT));
        if (scrubber == null) {
            // G5 is switched off for the run's profile (the deployment in force).
            return line;
        }
        String out = scrubber.scrubLine(line);
        if (!out.equals(line)) {
            guardrailListener.triggered("pii", Outcome.REDACT);
        }
        return out;
    }

    /**
     * The same tools, each treating the text, JSON and Markdown files it writes in the run's
     * directory with G4 at STORAGE_WRITE ({@link StorageScreenedTool}).
     */
    public ToolRegistry screenStorage(ToolRegistry tools) {
        ToolRegistry screened = new ToolRegistry();
        for (Tool t : tools.all()) {
            screened.register(new StorageScreenedTool(t, this::screenFile));
        }
        return screened;
    }

    /** One file a tool wrote, treated in place; what the guardrails did, one line each. */
    List<String> screenFile(ToolContext context, String tool, Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            // Not UTF-8 text (or gone again): nothing a text guardrail can read.
            return List.of();
        }
        if (text.indexOf('\0') >= 0) {
            return List.of();
        }
        String name = context.runDir().relativize(file).toString().replace('\\', '/');
        boolean json = name.endsWith(".json");
        Payload payload = new Payload.Text(text);
        if (json) {
            try {
                payload = new Payload.Json(Json.parse(text));
            } catch (IllegalArgumentException e) {
                json = false;
            }
        }
        ChainResult r = GuardrailChain.forPoint(
                        IntegrationPoint.STORAGE_WRITE, guardrailsOf(context.runId()), guardrailListener)
                .run(
                        new GuardrailContext(IntegrationPoint.STORAGE_WRITE, context.runId(), context.agent(), tool),
                        payload);
        boolean treated = r.outcome() == Outcome.REDACT || r.denied();
        String stored = !treated
                ? text
                : r.denied()
                        ? "[withheld by " + r.denial().map(GuardrailVerdict::id).orElse("a guardrail") + "]"
                        : r.payload() instanceof Payload.Json j
                                ? Json.writePretty(j.node())
                                : ((Payload.Text) r.payload()).text();
        // The STORAGE_WRITE hooks see what the guardrails let through, and may withhold or amend it.
        String hooked = storageHooks.written(context, tool, name, stored);
        if (hooked != null) {
            stored = hooked;
        } else if (!treated) {
            return List.of();
        }
        try {
            AtomicFiles.writeString(file, stored);
        } catch (IOException e) {
            throw new IllegalStateException("could not write the treated " + name + ": " + e.getMessage(), e);
        }
        return treated ? notes(r, name) : List.of();
    }

    @Override
    public void hookStorage(StorageWrites hooks) {
        this.storageHooks = hooks;
    }

    private static List<String> notes(ChainResult r, String what) {
        List<String> out = new ArrayList<>();
        for (GuardrailVerdict v : r.verdicts()) {
            if (v.effective() == Outcome.REDACT || v.effective() == Outcome.DENY) {
                out.add(v.id() + " " + v.name() + " at " + r.point() + " on " + what + ": " + v.reason());
            }
        }
        return out;
    }

    // ---- governance per profile -----------------------------------------------------------

    private List<Guardrail> guardrailsOf(String runId) {
        Resolved run = profileOf(runId);
        return run.problem() == null ? governance(run.profile()).guardrails() : unresolved.guardrails();
    }

    private Profile governance(String profile) {
        return profiles.computeIfAbsent(profile, this::profileFor);
    }

    private Profile profileFor(String profile) {
        DeploymentTemplate template = TemplateLoader.builtIn(profile);
        boolean configured = settings.governance().governs(profile);
        List<Guardrail> base = configured ? configuredBaseGuardrails : baseGuardrails;
        Set<String> off = configured ? settings.governance().disabledGuardrails() : Set.of();
        PiiDetector detector =
                template.safeHarborIdentifiers().isEmpty() ? PiiDetector.defaults() : PiiDetector.safeHarbor();
        // The deployment in force decides for its template's profile; the hook, else the template, for others.
        PiiAction action = (configured ? settings.governance().piiAction() : Optional.<PiiAction>empty())
                .or(() -> piiActions.apply(profile))
                .orElse(PiiAction.valueOf(template.guardrails().piiAction().name()));
        Profile pii = withPii(base, detector, action);
        // G4 is the guardrail around each call (answers, tool results, files tools write); G5 scrubs
        // the conversation files with the same detector and action. Each is switched on its own.
        return new Profile(
                engineFor(profile, template),
                off.contains(PII_GUARDRAIL) ? base : pii.guardrails(),
                off.contains(SCRUBBER) ? null : pii.scrubber());
    }

    /** {@code base} (G1 and G3 as switched on), and G4 with {@code detector} and {@code action}. */
    private static Profile withPii(List<Guardrail> base, PiiDetector detector, PiiAction action) {
        PiiRedactor redactor = new PiiRedactor(detector, Map.of(), action);
        List<Guardrail> all = new ArrayList<>(base);
        all.add(new PiiGuardrail(redactor, false));
        return new Profile(null, List.copyOf(all), new ConversationScrubber(redactor));
    }

    private PermissionEngine engineFor(String profile, DeploymentTemplate template) {
        List<PermissionRule> restrictions = new ArrayList<>();
        List<PermissionRule> approvals = new ArrayList<>();
        boolean configured = settings.governance().governs(profile);
        if (configured) {
            // The configured template's profile is the deployment's: its rules in force, at the
            // priorities the deployment checker admitted (which ProfileRules would refuse above 60).
            for (PermissionRule r : settings.governance().rules()) {
                if (r.behavior() == Behavior.ASK) {
                    approvals.add(asApproval(r.id(), r.toolName(), r.pattern(), r.reason()));
                } else {
                    restrictions.add(r);
                }
            }
        } else {
            for (var r : template.permissionRules()) {
                String pattern = r.pattern().map(Pattern::pattern).orElse(null);
                Behavior behavior = Behavior.valueOf(r.behavior().name());
                if (behavior == Behavior.ASK) {
                    approvals.add(asApproval(r.id(), r.toolName(), pattern, r.reason()));
                } else {
                    restrictions.add(new PermissionRule(
                            r.id(), r.toolName(), behavior, pattern, r.priority(), r.reason(), RuleSource.PROFILE));
                }
            }
        }
        List<ComplianceGate> gates = new ArrayList<>();
        for (var g : template.complianceGates()) {
            String denyIf = configured ? withDeploymentDriftBand(g.computesViaTool(), g.denyIf()) : g.denyIf();
            gates.add(new ComplianceGate(g.id(), g.triggersOnTool(), g.computesViaTool(), denyIf, g.blocksTool()));
        }
        PermissionEngine.Builder engine = PermissionEngine.builder()
                .provider(allowlist)
                .provider(new FeatureFlagRules(FEATURE_OF_TOOL, flag -> featureEnabled.test(flag)))
                .provider(policy);
        if (settingsRules != null) {
            engine.provider(settingsRules);
        }
        return engine
                // A question for a person is always a person's to answer (request_approval opens a gate).
                .provider(new HitlRules(Set.of("request_approval")))
                .provider(HitlRules.of(approvals))
                .provider(configured ? deploymentRules(restrictions) : ProfileRules.of(restrictions))
                .provider(new ComplianceGateRules(new ComplianceGates(gates), evidence()))
                .provider(new EgressRules(args -> egressRefusal(profile, args)))
                .provider(new ToolEndpointRules(
                        toolEndpoints,
                        url -> egressRefusal(profile, Json.write(Json.object().put("url", url)))))
                .listener(decisions)
                .denials(denials)
                .build();
    }

    /**
     * A drift gate ({@code ${last_tool_result.max_psi} > <limit>} over {@code compute_drift}) of the
     * configured profile blocks above the deployment's {@code block_psi} instead of its template's
     * literal; any other gate is kept as written.
     */
    private String withDeploymentDriftBand(String computesVia, String denyIf) {
        Optional<GovernanceSettings.DriftBands> bands = settings.governance().drift();
        Matcher m = DRIFT_GATE.matcher(denyIf);
        if (bands.isEmpty() || !"compute_drift".equals(computesVia) || !m.matches()) {
            return denyIf;
        }
        return m.group(1) + bands.get().block();
    }

    /** A tool the profile wants a person to approve is an approval-required tool: source hitl. */
    private static PermissionRule asApproval(String id, String tool, String pattern, String reason) {
        return new PermissionRule(id, tool, Behavior.ASK, pattern, Priorities.HITL_ASK, reason, RuleSource.HITL);
    }

    /** The deployment's restrictions as its checker admitted them (an ALLOW, or a DENY above 60, included). */
    private static RuleProvider deploymentRules(List<PermissionRule> rules) {
        List<PermissionRule> copy = List.copyOf(rules);
        return new RuleProvider() {
            @Override
            public RuleSource source() {
                return RuleSource.PROFILE;
            }

            @Override
            public List<PermissionRule> rulesFor(PermissionRequest request) {
                return copy;
            }
        };
    }

    /** An engine that denies every tool: the run's profile cannot be determined. */
    private PermissionEngine failClosed(String problem) {
        return PermissionEngine.builder()
                .provider(ProfileRules.of(List.of(PermissionRule.of(
                        PROFILE_UNRESOLVED,
                        "*",
                        Behavior.DENY,
                        Priorities.PROFILE_DENY,
                        "no tool runs while the run's governance profile cannot be determined: " + problem,
                        RuleSource.PROFILE))))
                .listener(decisions)
                .denials(denials)
                .build();
    }

    /** G1 on the call's arguments, unless the deployment in force switched it off for {@code profile}. */
    private Optional<String> egressRefusal(String profile, String argumentsJson) {
        JsonNode args;
        try {
            args = Json.parse(argumentsJson);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        List<Guardrail> base = settings.governance().governs(profile) ? configuredBaseGuardrails : baseGuardrails;
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.PRE_TOOL, base, guardrailListener)
                .run(GuardrailContext.at(IntegrationPoint.PRE_TOOL), new Payload.Json(args));
        return r.denied() ? Optional.of(r.denial().map(v -> v.reason()).orElse("egress refused")) : Optional.empty();
    }

    /**
     * The profile {@code run.json} names ({@code default}, blank or absent: the platform's), or why
     * it cannot be determined. Only a determined profile is remembered: a brief that could not be
     * read is read again on the next call.
     */
    private Resolved profileOf(String runId) {
        String known = profileOfRun.get(runId);
        if (known != null) {
            return new Resolved(known, null);
        }
        Resolved run = resolve(settings.runDir(runId), runId, defaultProfile);
        if (run.problem() == null) {
            profileOfRun.put(runId, run.profile());
        }
        return run;
    }

    /**
     * The profile a run's directory says it runs under: its request's {@code profile} when that
     * names a deployment template ({@code default}, blank or absent: {@code fallback}), else
     * {@code fallback}. For readers that need a profile whatever the run says (retention,
     * deployments' records); tool calls fail closed instead.
     */
    public static String profileOf(Path runDir, String fallback) {
        Resolved run = resolve(runDir, runDir.getFileName().toString(), fallback);
        return run.problem() == null ? run.profile() : fallback;
    }

    private static Resolved resolve(Path runDir, String runId, String defaultProfile) {
        Path file = runDir.resolve("run.json");
        if (!Files.isRegularFile(file)) {
            return new Resolved(null, "run " + runId + " has no run.json");
        }
        JsonNode brief;
        try {
            brief = Json.parse(Files.readString(file));
        } catch (IOException | IllegalArgumentException e) {
            return new Resolved(null, "run.json of " + runId + " cannot be read (" + e.getMessage() + ")");
        }
        if (!brief.isObject()) {
            return new Resolved(null, "run.json of " + runId + " is not a JSON object");
        }
        String asked = brief.path("profile").asText("").strip();
        String profile = asked.isEmpty() || asked.equals("default") ? defaultProfile : asked;
        List<String> templates = Library.builtIn().names(AssetKind.TEMPLATE);
        if (!templates.contains(profile)) {
            return new Resolved(
                    null,
                    (profile.equals(asked) ? "profile '" + asked + "'" : "the default profile '" + profile + "'")
                            + " names no template (known: " + String.join(", ", new TreeSet<>(templates))
                            + ")");
        }
        return new Resolved(profile, null);
    }

    // ---- evidence for compliance gates ----------------------------------------------------

    private void keepEvidence(Path runDir, String tool, String contentJson) {
        try {
            Path dir = Files.createDirectories(runDir.resolve("work").resolve("results"));
            AtomicFiles.writeString(dir.resolve(tool + ".json"), contentJson);
        } catch (IOException e) {
            // Missing evidence makes a gate fail closed, which is the safe side.
            LoggerFactory.getLogger(GovernedTools.class)
                    .warn("could not keep the result of {} as evidence: {}", tool, e.getMessage());
        }
    }

    private GateInputs evidence() {
        return new GateInputs() {
            @Override
            public Map<String, JsonNode> latestResults(String runId) {
                Map<String, JsonNode> results = new HashMap<>();
                Path dir = settings.runDir(runId).resolve("work").resolve("results");
                if (!Files.isDirectory(dir)) {
                    return results;
                }
                try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
                    for (Path f : files) {
                        results.put(f.getFileName().toString().replace(".json", ""), Json.parse(Files.readString(f)));
                    }
                } catch (IOException | IllegalArgumentException e) {
                    // unreadable evidence: the gates that need it fail closed
                }
                return results;
            }

            @Override
            public JsonNode runContext(String runId) {
                try {
                    return Json.parse(Files.readString(settings.runDir(runId).resolve("run.json")));
                } catch (IOException | IllegalArgumentException e) {
                    return null;
                }
            }
        };
    }
}
