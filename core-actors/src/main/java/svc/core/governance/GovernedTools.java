package svc.core.governance;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.llm.ChatMessage;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolPermissions;
import svc.core.tools.ToolResult;
import svc.governance.compliance.ComplianceGate;
import svc.governance.compliance.ComplianceGates;
import svc.governance.compliance.GateInputs;
import svc.governance.guardrail.ChainResult;
import svc.governance.guardrail.Guardrail;
import svc.governance.guardrail.GuardrailChain;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.GuardrailListener;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.builtin.BuiltinGuardrails;
import svc.governance.permission.AgentAllowlistRules;
import svc.governance.permission.Behavior;
import svc.governance.permission.ComplianceGateRules;
import svc.governance.permission.DecisionListener;
import svc.governance.permission.DenialSink;
import svc.governance.permission.EgressRules;
import svc.governance.permission.HitlRules;
import svc.governance.permission.PermissionDecision;
import svc.governance.permission.PermissionEngine;
import svc.governance.permission.PermissionRequest;
import svc.governance.permission.PermissionRule;
import svc.governance.permission.PolicyRules;
import svc.governance.permission.ProfileRules;
import svc.governance.permission.Role;
import svc.governance.permission.RuleSource;
import svc.governance.permission.Subject;
import svc.library.asset.AssetKind;
import svc.library.asset.Library;
import svc.library.template.DeploymentTemplate;
import svc.library.template.TemplateLoader;

/**
 * Governance in the agent loop. Before a tool runs: the permission engine with the agent
 * allowlist, the operator policy, the run's profile (a deployment template's rules), its
 * compliance gates (fed by the latest result of each tool in the run) and the egress allowlist
 * (G1); an ASK goes to the run, which grants it when it already holds a person's approval (an
 * approved deploy, manual or security gate) and otherwise opens a gate for the call. After a tool: its result
 * is kept as gate evidence and PII is redacted before the model sees it (POST_TOOL). Before a
 * model call: the conversation is screened for prompt injection (PRE_LLM).
 *
 * <p>The run's profile is the {@code profile} of its request when that names a deployment
 * template ({@code generic_ml}, {@code bfsi_baseline}, {@code hipaa_baseline}); any other value
 * means the platform's default profile ({@code svc.governance.default-profile}, the selected
 * deployment's template under {@code svc server}). Runs under the configured template
 * ({@link GovernanceSettings}) take the deployment's rules and guardrail switches.
 */
public final class GovernedTools implements ToolPermissions {

    public static final String DEFAULT_PROFILE = "generic_ml";
    private final String defaultProfile;

    private final CoreSettings settings;
    private final AgentAllowlistRules allowlist;
    private final PolicyRules policy;
    private final DenialSink denials;
    private final DecisionListener decisions;
    private final List<Guardrail> guardrails;
    /** The guardrails of runs under the configured template: {@link #guardrails} minus those switched off. */
    private final List<Guardrail> configuredGuardrails;

    private final GuardrailListener guardrailListener;
    private final Map<String, PermissionEngine> engines = new ConcurrentHashMap<>();
    private final Map<String, String> profileOfRun = new ConcurrentHashMap<>();

    public GovernedTools(
            CoreSettings settings,
            AgentDirectory directory,
            PolicyRules policy,
            String egressAllowlist,
            DenialSink denials,
            DecisionListener decisions,
            GuardrailListener guardrailListener) {
        this.settings = settings;
        this.defaultProfile = settings.defaultProfile();
        // Read from the directory on each check: plugin agents and what plugins add come and go.
        this.allowlist = new AgentAllowlistRules(
                name -> directory.find(name).map(p -> Set.copyOf(p.tools())).orElse(null),
                name -> directory.find(name).map(p -> Set.copyOf(p.delegates())).orElse(null));
        this.policy = policy;
        this.denials = denials;
        this.decisions = decisions;
        this.guardrails = BuiltinGuardrails.create(egressAllowlist);
        this.configuredGuardrails = guardrails.stream()
                .filter(g -> !settings.governance().disabledGuardrails().contains(g.id()))
                .toList();
        this.guardrailListener = guardrailListener;
    }

    @Override
    public Verdict check(String runId, String agent, String tool, String argumentsJson) {
        String profile = profileOf(runId);
        PermissionDecision decision = engines.computeIfAbsent(profile, this::engineFor)
                .decide(PermissionRequest.forAgent(agent, Role.OPERATOR, tool, argumentsJson, runId));
        if (decision.allowed()) {
            return Verdict.allow();
        }
        // The rule's id goes with its source, so a denial says which rule of which source decided.
        String reason = decision.winner()
                .filter(rule -> !decision.reason().contains(rule.id()))
                .map(rule -> decision.reason() + " (rule " + rule.id() + ")")
                .orElse(decision.reason());
        if (decision.needsApproval()) {
            // The agent asks the run, which knows its gates: a person's earlier approval (the deploy
            // checkpoint) grants it at once, otherwise the run opens a gate for this call.
            return Verdict.ask(decision.source(), reason);
        }
        return Verdict.deny(decision.source(), reason);
    }

    /**
     * A person's action through the API on a run's model (deploying, promoting): the run's engine
     * (its profile's rules and compliance gates, the operator policy) with the person as subject;
     * an ASK is returned as such for the caller to settle.
     */
    @Override
    public Verdict checkAction(String runId, String user, String action, String argumentsJson) {
        PermissionDecision decision = engines.computeIfAbsent(profileOf(runId), this::engineFor)
                .decide(new PermissionRequest(new Subject.ApiUser(user), Role.OPERATOR, action, argumentsJson, runId));
        if (decision.allowed()) {
            return Verdict.allow();
        }
        return decision.needsApproval()
                ? Verdict.ask(decision.source(), decision.reason())
                : Verdict.deny(decision.source(), decision.reason());
    }

    @Override
    public ToolResult afterTool(ToolContext context, String tool, ToolResult result) {
        if (result.ok()) {
            keepEvidence(context.runDir(), tool, result.contentJson());
        }
        ChainResult filtered = GuardrailChain.forPoint(
                        IntegrationPoint.POST_TOOL, guardrailsFor(profileOf(context.runId())), guardrailListener)
                .run(
                        new GuardrailContext(IntegrationPoint.POST_TOOL, context.runId(), context.agent(), tool),
                        new Payload.Text(result.contentJson()));
        if (filtered.denied()) {
            return ToolResult.error("the result of " + tool + " was withheld: "
                    + filtered.denial().map(v -> v.reason()).orElse("guardrail"));
        }
        if (filtered.payload() instanceof Payload.Text text && !text.text().equals(result.contentJson())) {
            return new ToolResult(result.ok(), text.text(), result.facts());
        }
        return result;
    }

    @Override
    public Optional<String> screenPrompt(String runId, String agent, List<ChatMessage> conversation) {
        List<Payload.Message> messages = new ArrayList<>();
        for (ChatMessage m : conversation) {
            messages.add(new Payload.Message(m.role().name().toLowerCase(), m.content()));
        }
        ChainResult r = GuardrailChain.forPoint(
                        IntegrationPoint.PRE_LLM, guardrailsFor(profileOf(runId)), guardrailListener)
                .run(
                        new GuardrailContext(IntegrationPoint.PRE_LLM, runId, agent, null),
                        new Payload.Messages(messages));
        return r.denied()
                ? Optional.of(r.denial().map(v -> v.reason()).orElse("a guardrail denied it"))
                : Optional.empty();
    }

    // ---- engines per profile --------------------------------------------------------------

    /** The guardrails of runs under {@code profile}: the configured switches apply to the configured template. */
    private List<Guardrail> guardrailsFor(String profile) {
        return settings.governance().governs(profile) ? configuredGuardrails : guardrails;
    }

    private PermissionEngine engineFor(String profile) {
        DeploymentTemplate template = TemplateLoader.builtIn(profile);
        List<PermissionRule> rules = new ArrayList<>();
        for (var r : template.permissionRules()) {
            rules.add(new PermissionRule(
                    r.id(),
                    r.toolName(),
                    Behavior.valueOf(r.behavior().name()),
                    r.pattern().map(Pattern::pattern).orElse(null),
                    r.priority(),
                    r.reason(),
                    RuleSource.PROFILE));
        }
        List<ComplianceGate> gates = new ArrayList<>();
        for (var g : template.complianceGates()) {
            gates.add(new ComplianceGate(g.id(), g.triggersOnTool(), g.computesViaTool(), g.denyIf(), g.blocksTool()));
        }
        return PermissionEngine.builder()
                .provider(allowlist)
                .provider(policy)
                // A question for a person is always a person's to answer (request_approval opens a gate).
                .provider(new HitlRules(Set.of("request_approval")))
                // The configured template's profile is the deployment's (its rules in force); others as built in.
                .provider(
                        settings.governance().governs(profile)
                                ? settings.governance().profileRules()
                                : ProfileRules.of(rules))
                .provider(new ComplianceGateRules(new ComplianceGates(gates), evidence()))
                .provider(new EgressRules(args -> egressRefusal(profile, args)))
                .listener(decisions)
                .denials(denials)
                .build();
    }

    private Optional<String> egressRefusal(String profile, String argumentsJson) {
        JsonNode args;
        try {
            args = Json.parse(argumentsJson);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.PRE_TOOL, guardrailsFor(profile), guardrailListener)
                .run(GuardrailContext.at(IntegrationPoint.PRE_TOOL), new Payload.Json(args));
        return r.denied() ? Optional.of(r.denial().map(v -> v.reason()).orElse("egress refused")) : Optional.empty();
    }

    private String profileOf(String runId) {
        return profileOfRun.computeIfAbsent(runId, id -> profileOf(settings.runDir(id), defaultProfile));
    }

    /**
     * The profile a run's directory says it runs under: its request's {@code profile} when that
     * names a deployment template, else {@code fallback} (the platform's default profile).
     */
    public static String profileOf(Path runDir, String fallback) {
        try {
            String asked = Json.parse(Files.readString(runDir.resolve("run.json")))
                    .path("profile")
                    .asText("");
            return Library.builtIn().names(AssetKind.TEMPLATE).contains(asked) ? asked : fallback;
        } catch (IOException | IllegalArgumentException e) {
            return fallback;
        }
    }

    // ---- evidence for compliance gates ----------------------------------------------------

    private void keepEvidence(Path runDir, String tool, String contentJson) {
        try {
            Path dir = Files.createDirectories(runDir.resolve("work").resolve("results"));
            Path tmp = dir.resolve(tool + ".json.tmp");
            Files.writeString(tmp, contentJson);
            Files.move(
                    tmp,
                    dir.resolve(tool + ".json"),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
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
