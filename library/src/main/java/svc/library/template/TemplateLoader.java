package svc.library.template;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import svc.library.LibraryException;
import svc.library.LibraryYaml;
import svc.library.asset.Asset;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.roster.ToolCatalog;
import svc.library.template.TemplateSpec.DriftSpec;
import svc.library.template.TemplateSpec.GuardrailSpec;
import svc.library.template.TemplateSpec.RetentionSpec;
import svc.library.template.TemplateSpec.RuleSpec;
import svc.library.workflow.ConditionException;

/**
 * Loads deployment templates from the library and checks them: regexes compile, behaviours and
 * PII actions are known, priorities lie in 0..100, tool names exist in the {@link ToolCatalog},
 * gate expressions use only known placeholders and parse, the default workflow exists on the
 * same shelf, guardrail ids are those {@link GuardrailCatalog} offers (every always-on one listed,
 * G12 and G13 together) and retention periods are positive. Every problem is reported at once,
 * naming the rule, gate or field.
 */
public final class TemplateLoader {

    private static final Pattern GUARDRAIL_ID = Pattern.compile("G([1-9]|1[0-7])");
    /** The refusal of G12 without G13 or the reverse. */
    public static final String AT_REST_TOGETHER = "G12 and G13 are one mechanism here (the journal's envelope "
            + "encryption at rest, svc.at-rest.encryption): enable both or neither";

    private static final Pattern HEX_COLOR = Pattern.compile("#[0-9a-fA-F]{6}");
    private static final Pattern LEFTOVER_PLACEHOLDER = Pattern.compile("\\$\\{[^}]*}?");

    private TemplateLoader() {}

    /** The newest version of a built-in template, e.g. {@code bfsi_baseline}. */
    public static DeploymentTemplate builtIn(String name) {
        Library library = Library.builtIn();
        return load(library, library.latest(AssetKind.TEMPLATE, name).ref());
    }

    /** Loads and validates a template asset. */
    public static DeploymentTemplate load(Library library, AssetRef ref) {
        if (ref.kind() != AssetKind.TEMPLATE) {
            throw new LibraryException(ref + " is not a template reference; expected template/<name>@vX.Y.Z");
        }
        Asset asset = library.resolve(ref);
        TemplateSpec spec =
                LibraryYaml.read(asset.openEntry(), TemplateSpec.class, "template " + asset.describeEntry());
        List<String> problems = new ArrayList<>();
        if (spec.name() != null && !spec.name().equals(ref.name())) {
            problems.add("template: name '" + spec.name() + "' differs from the asset name '" + ref.name() + "'");
        }
        DeploymentTemplate template = check(spec, library, problems);
        if (!problems.isEmpty()) {
            throw new LibraryException("template " + ref + " is invalid", problems);
        }
        return template;
    }

    /** Validates and builds; the result is meaningful only when {@code problems} stays empty. */
    private static DeploymentTemplate check(TemplateSpec spec, Library library, List<String> problems) {
        required(spec.name(), "template: field 'name'", problems);
        required(spec.description(), "template: field 'description'", problems);
        Branding branding = checkBranding(spec.branding(), problems);
        AssetRef workflow = checkWorkflow(spec.defaultWorkflow(), library, problems);
        List<PermissionRule> rules = checkRules(spec.permissionRules(), problems);
        checkGates(spec.complianceGates(), problems);
        GuardrailSettings guardrails = checkGuardrails(spec.guardrails(), problems);
        Retention retention = checkRetention(spec.retention(), problems);
        Optional<DriftBands> drift = checkDrift(spec.drift(), problems);
        spec.egressAllowlist().stream()
                .filter(h -> h == null || h.isBlank() || h.contains("/"))
                .forEach(h -> problems.add("egress_allowlist: '" + h + "' is not a host name or glob"));
        List<SafeHarborIdentifier> identifiers = checkSafeHarbor(spec.safeHarborIdentifiers(), problems);
        if (!problems.isEmpty()) {
            return null;
        }
        return new DeploymentTemplate(
                spec.name(),
                spec.description().strip(),
                branding,
                workflow,
                rules,
                spec.complianceGates(),
                guardrails,
                retention,
                drift,
                spec.egressAllowlist(),
                identifiers);
    }

    private static Branding checkBranding(Branding branding, List<String> problems) {
        if (branding == null) {
            problems.add("branding: field is missing");
            return null;
        }
        required(branding.productName(), "branding: field 'product_name'", problems);
        required(branding.subtitle(), "branding: field 'subtitle'", problems);
        required(branding.tagline(), "branding: field 'tagline'", problems);
        if (branding.colors() == null) {
            problems.add("branding: field 'colors' is missing");
        } else {
            color(branding.colors().primary(), "primary", problems);
            color(branding.colors().accent(), "accent", problems);
            color(branding.colors().background(), "background", problems);
        }
        return branding;
    }

    private static AssetRef checkWorkflow(String text, Library library, List<String> problems) {
        if (text == null) {
            problems.add("template: field 'default_workflow' is missing");
            return null;
        }
        try {
            AssetRef ref = AssetRef.parse(text);
            if (ref.kind() != AssetKind.WORKFLOW) {
                problems.add("default_workflow: '" + text + "' is not a workflow reference");
                return null;
            }
            library.resolve(ref);
            return ref;
        } catch (IllegalArgumentException | LibraryException e) {
            problems.add("default_workflow: " + e.getMessage());
            return null;
        }
    }

    private static List<PermissionRule> checkRules(List<RuleSpec> specs, List<String> problems) {
        List<PermissionRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < specs.size(); i++) {
            RuleSpec r = specs.get(i);
            if (r == null || r.id() == null || r.id().isBlank()) {
                problems.add("permission_rules[" + i + "]: field 'id' is missing");
                continue;
            }
            String where = "permission rule '" + r.id() + "': ";
            int before = problems.size();
            if (!ids.add(r.id())) {
                problems.add(where + "duplicate id");
            }
            checkToolGlob(r.toolName(), where + "tool_name", problems);
            Optional<Behavior> behavior = Behavior.fromId(r.behavior());
            if (behavior.isEmpty()) {
                problems.add(where + "behavior '" + r.behavior() + "' is not one of allow, deny, ask");
            }
            Optional<Pattern> pattern = Optional.empty();
            if (r.pattern() != null) {
                try {
                    pattern = Optional.of(Pattern.compile(r.pattern()));
                } catch (PatternSyntaxException e) {
                    problems.add(
                            where + "pattern does not compile: " + e.getDescription() + " near index " + e.getIndex());
                }
            }
            if (r.priority() == null || r.priority() < 0 || r.priority() > 100) {
                problems.add(where + "priority " + r.priority() + " is not in 0..100");
            }
            required(r.reason(), where + "field 'reason'", problems);
            if (problems.size() == before) {
                rules.add(new PermissionRule(
                        r.id(),
                        r.toolName(),
                        behavior.get(),
                        pattern,
                        r.priority(),
                        r.reason().strip()));
            }
        }
        return rules;
    }

    private static void checkGates(List<ComplianceGate> gates, List<String> problems) {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < gates.size(); i++) {
            ComplianceGate g = gates.get(i);
            if (g == null || g.id() == null || g.id().isBlank()) {
                problems.add("compliance_gates[" + i + "]: field 'id' is missing");
                continue;
            }
            String where = "compliance gate '" + g.id() + "': ";
            if (!ids.add(g.id())) {
                problems.add(where + "duplicate id");
            }
            knownTool(g.triggersOnTool(), where + "triggers_on_tool", problems);
            knownTool(g.computesViaTool(), where + "computes_via_tool", problems);
            knownTool(g.blocksTool(), where + "blocks_tool", problems);
            if (g.denyIf() == null || g.denyIf().isBlank()) {
                problems.add(where + "field 'deny_if' is missing");
                continue;
            }
            checkDenyIf(g, where, problems);
        }
    }

    private static void checkDenyIf(ComplianceGate gate, String where, List<String> problems) {
        Matcher m = ComplianceGate.PLACEHOLDER.matcher(gate.denyIf());
        int placeholders = 0;
        while (m.find()) {
            placeholders++;
            if (!m.group(1).equals(ComplianceGate.LAST_TOOL_RESULT)
                    && !m.group(1).equals(ComplianceGate.RUN_CONTEXT)) {
                problems.add(where + "deny_if placeholder '" + m.group() + "' has unknown scope '" + m.group(1)
                        + "'; use ${last_tool_result.X} or ${run_context.Y}");
            }
        }
        Matcher leftover = LEFTOVER_PLACEHOLDER.matcher(m.replaceAll(""));
        if (leftover.find()) {
            problems.add(where + "deny_if has a malformed placeholder '" + leftover.group() + "'");
        } else if (placeholders == 0) {
            problems.add(where + "deny_if uses no placeholder, so it would always decide the same way");
        } else {
            try {
                gate.denyCondition();
            } catch (ConditionException e) {
                problems.add(where + "deny_if: " + e.getMessage());
            }
        }
    }

    private static GuardrailSettings checkGuardrails(GuardrailSpec g, List<String> problems) {
        if (g == null) {
            problems.add("guardrails: field is missing");
            return null;
        }
        Set<String> enabled = new LinkedHashSet<>();
        for (String id : g.enabled() == null ? List.<String>of() : g.enabled()) {
            if (id == null || !GUARDRAIL_ID.matcher(id).matches()) {
                problems.add("guardrails: '" + id + "' is not a guardrail id; expected G1..G17");
            } else if (!GuardrailCatalog.of(id).orElseThrow().offered()) {
                problems.add(
                        "guardrails: " + GuardrailCatalog.of(id).orElseThrow().notOffered());
            } else if (!enabled.add(id)) {
                problems.add("guardrails: '" + id + "' is listed twice");
            }
        }
        // A template's list is the whole set: leaving out a guardrail the platform always applies
        // would state that it is off.
        for (GuardrailCatalog rail : GuardrailCatalog.values()) {
            if (rail.kind() == GuardrailCatalog.Kind.ALWAYS_ON && !enabled.contains(rail.name())) {
                problems.add("guardrails: " + rail.cannotDisable() + "; list it in enabled");
            }
        }
        if (enabled.contains("G12") != enabled.contains("G13")) {
            problems.add("guardrails: " + AT_REST_TOGETHER);
        }
        if (g.strict() == null) {
            problems.add("guardrails: field 'strict' is missing");
        }
        Optional<PiiAction> action = PiiAction.fromId(g.piiAction());
        if (action.isEmpty()) {
            problems.add("guardrails: pii_action '" + g.piiAction() + "' is not one of redact, mask, hash");
        }
        return g.strict() == null || action.isEmpty() ? null : new GuardrailSettings(enabled, g.strict(), action.get());
    }

    private static Retention checkRetention(RetentionSpec r, List<String> problems) {
        if (r == null) {
            problems.add("retention: field is missing");
            return null;
        }
        int before = problems.size();
        days(r.conversationsDays(), "conversations_days", problems);
        days(r.runEventsDays(), "run_events_days", problems);
        days(r.auditPdfsDays(), "audit_pdfs_days", problems);
        days(r.shadowPredictionsDays(), "shadow_predictions_days", problems);
        return problems.size() > before
                ? null
                : new Retention(r.conversationsDays(), r.runEventsDays(), r.auditPdfsDays(), r.shadowPredictionsDays());
    }

    private static Optional<DriftBands> checkDrift(DriftSpec d, List<String> problems) {
        if (d == null) {
            return Optional.empty();
        }
        if (d.watchPsi() == null || d.blockPsi() == null) {
            problems.add("drift: fields 'watch_psi' and 'block_psi' are both required");
            return Optional.empty();
        }
        if (!(d.watchPsi() > 0 && d.watchPsi() < d.blockPsi())) {
            problems.add("drift: need 0 < watch_psi < block_psi, got " + d.watchPsi() + " and " + d.blockPsi());
        }
        return Optional.of(new DriftBands(d.watchPsi(), d.blockPsi()));
    }

    private static void checkToolGlob(String glob, String what, List<String> problems) {
        if (glob == null || glob.isBlank()) {
            problems.add(what + " is missing");
        } else if (!glob.contains("*") && !glob.contains("?")) {
            knownTool(glob, what, problems);
        } else if (ToolCatalog.names().stream()
                .noneMatch(t -> PermissionRule.globToRegex(glob).matcher(t).matches())) {
            problems.add(what + " '" + glob + "' matches no tool in the catalogue");
        }
    }

    private static void knownTool(String tool, String what, List<String> problems) {
        if (tool == null || tool.isBlank()) {
            problems.add(what + " is missing");
        } else if (ToolCatalog.byName(tool).isEmpty()) {
            problems.add(what + " '" + tool + "' is not a tool in the catalogue");
        }
    }

    private static void days(Integer value, String field, List<String> problems) {
        if (value == null || value <= 0) {
            problems.add("retention: " + field + " must be a positive number of days, not " + value);
        }
    }

    private static void color(String value, String field, List<String> problems) {
        if (value == null || !HEX_COLOR.matcher(value).matches()) {
            problems.add("branding: colors." + field + " '" + value + "' is not a #rrggbb colour");
        }
    }

    private static void required(String value, String what, List<String> problems) {
        if (value == null || value.isBlank()) {
            problems.add(what + " is missing");
        }
    }

    /**
     * Each entry names a distinct category and says what finds it: recognizers (PII type names, in
     * capitals), or what needs an add-on, or both; an entry with neither would claim nothing.
     */
    private static List<SafeHarborIdentifier> checkSafeHarbor(
            List<TemplateSpec.SafeHarborSpec> specs, List<String> problems) {
        List<SafeHarborIdentifier> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < specs.size(); i++) {
            TemplateSpec.SafeHarborSpec s = specs.get(i);
            String at = "safe_harbor_identifiers[" + i + "]";
            if (s == null || s.category() == null || s.category().isBlank()) {
                problems.add(at + ": field 'category' is missing");
                continue;
            }
            if (!seen.add(s.category())) {
                problems.add(at + ": category '" + s.category() + "' is listed twice");
            }
            List<String> recognizers = s.recognizers() == null ? List.of() : s.recognizers();
            recognizers.stream()
                    .filter(r -> r == null || !r.matches("[A-Z][A-Z0-9_]*"))
                    .forEach(r -> problems.add(at + ": recognizer '" + r + "' is not a PII type name"));
            boolean gap = s.notRecognized() != null && !s.notRecognized().isBlank();
            if (recognizers.isEmpty() && !gap) {
                problems.add(at + ": '" + s.category() + "' needs 'recognizers' or 'not_recognized'");
            }
            out.add(new SafeHarborIdentifier(
                    s.category().strip(),
                    recognizers,
                    gap ? Optional.of(s.notRecognized().strip()) : Optional.empty()));
        }
        return out;
    }
}
