package svc.deployments.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import svc.deployments.CustomerName;
import svc.deployments.DeploymentLayout;
import svc.deployments.Finding;
import svc.deployments.config.DeploymentSpec.BrandingSpec;
import svc.deployments.config.DeploymentSpec.GuardrailsSpec;
import svc.deployments.config.DeploymentSpec.KnowledgeBaseSpec;
import svc.deployments.config.DeploymentSpec.RetentionSpec;
import svc.deployments.config.DeploymentSpec.RuleSpec;
import svc.library.LibraryException;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.roster.ToolCatalog;
import svc.library.template.Behavior;
import svc.library.template.DeploymentTemplate;
import svc.library.template.GuardrailCatalog;
import svc.library.template.PermissionRule;
import svc.library.template.PiiAction;
import svc.library.template.Retention;
import svc.library.template.TemplateLoader;

/**
 * Reviews a parsed {@code deployment.yaml} against its template and the library shelf, the way a
 * release reviewer would: names, references, assets, and every override that weakens what the
 * template guarantees.
 *
 * <p>Weakening rules, and why each is an error or a warning:
 * <ul>
 *   <li>An ALLOW on a tool the template DENYs without a pattern at priority 60 or more is an
 *       error: the invariant-deny pass makes such a deny beat every allow, so the rule is dead
 *       text that tells readers the opposite of what happens.</li>
 *   <li>Replacing (same id) a template DENY at 60+ with anything but a DENY at 60+ on the same
 *       tool is an error: it removes the baseline. Replacing a template ASK with an ALLOW is a
 *       warning: it removes a human approval.</li>
 *   <li>Retention below the template's is an error for the regulated templates
 *       ({@link #RETENTION_FLOORS}), whose periods are legal minimums, and a warning otherwise.</li>
 *   <li>Turning off a switchable guardrail, relaxing {@code strict} or a weaker PII action than
 *       the template's are warnings: legitimate with a reason, and listed as residual risks.
 *       Turning off one the platform always applies, naming one it does not offer, or G12 without
 *       G13 (or the reverse) are errors ({@link GuardrailCatalog}): no runtime would follow.</li>
 *   <li>A drift {@code block_psi} above the template's lets more shift through the drift gate:
 *       an error for the regulated templates (the gate is part of their baseline), a warning
 *       otherwise.</li>
 * </ul>
 */
public final class DeploymentChecker {

    /** Templates whose retention periods are regulatory minimums (BFSI record keeping, HIPAA). */
    public static final Set<String> RETENTION_FLOORS = Set.of("bfsi_baseline", "hipaa_baseline");
    /** The priority from which a profile DENY beats every ALLOW. */
    public static final int INVARIANT_DENY_PRIORITY = 60;

    private static final String FILE = DeploymentLayout.CONFIG_FILE;
    private static final Pattern GUARDRAIL_ID = Pattern.compile("G([1-9]|1[0-7])");
    private static final Pattern HEX_COLOR = Pattern.compile("#[0-9a-fA-F]{6}");
    private static final Pattern KB_NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    /** A rule id is one segment of a key of the resolved configuration ({@code svc.governance.rules.<id>}). */
    private static final Pattern RULE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

    private final DeploymentReader.Parsed parsed;
    private final DeploymentSpec spec;
    private final Path directory;
    private final Library library;
    private final List<Finding> findings;

    /**
     * What the checker resolved on the way; meaningful for building the effective deployment
     * only when no error was found.
     *
     * @param activated every activated reference, keyed by {@code kind/name}, in first-seen order
     */
    public record Resolved(AssetRef templateRef, DeploymentTemplate template, Map<String, AssetRef> activated) {

        /** The workflow a run walks when its request names none: the deployment's, else the template's. */
        public AssetRef defaultWorkflow() {
            return activated.values().stream()
                    .filter(r -> r.kind() == AssetKind.WORKFLOW)
                    .findFirst()
                    .orElse(template.defaultWorkflow());
        }
    }

    private DeploymentChecker(DeploymentReader.Parsed parsed, Path directory, Library library, List<Finding> findings) {
        this.parsed = parsed;
        this.spec = parsed.spec();
        this.directory = directory;
        this.library = library;
        this.findings = findings;
    }

    /** Checks everything it can, adding findings; answers what it resolved when the template loaded. */
    public static Optional<Resolved> check(
            DeploymentReader.Parsed parsed, Path directory, Library library, List<Finding> findings) {
        return new DeploymentChecker(parsed, directory, library, findings).run();
    }

    private Optional<Resolved> run() {
        checkCustomer();
        Optional<Resolved> resolved = resolveTemplate().map(t -> new Resolved(t.ref, t.template, activate(t)));
        checkBranding(spec.branding());
        checkKnowledgeBases(spec.knowledgeBases());
        checkEgressAllowlist(spec.egressAllowlist());
        resolved.ifPresentOrElse(
                r -> {
                    checkRules(r.template());
                    checkGuardrails(r.template());
                    checkRetention(r.template());
                    checkDrift(r.template());
                },
                () -> {
                    checkRules(null);
                    checkGuardrails(null);
                    checkRetention(null);
                    checkDrift(null);
                });
        return resolved;
    }

    // --- customer and references -------------------------------------------------------------

    private void checkCustomer() {
        String dirName = directory.getFileName().toString();
        String customer = spec.customer();
        if (customer == null || customer.isBlank()) {
            error("/customer", "field 'customer' is missing; write customer: " + dirName);
            return;
        }
        if (!DeploymentLayout.SCAFFOLD.equals(customer)) {
            CustomerName.problem(customer).ifPresent(p -> error("/customer", p));
        }
        if (!customer.equals(dirName)) {
            error(
                    "/customer",
                    "customer '" + customer + "' does not match the directory name '" + dirName
                            + "'; they must be equal (rename one of them)");
        }
    }

    private record LoadedTemplate(AssetRef ref, DeploymentTemplate template) {}

    private Optional<LoadedTemplate> resolveTemplate() {
        String text = spec.template();
        if (text == null || text.isBlank()) {
            error(
                    "/template",
                    "field 'template' is missing; write e.g. template: template/bfsi_baseline@v1.0.0"
                            + " (templates on the shelf: " + String.join(", ", library.names(AssetKind.TEMPLATE))
                            + ")");
            return Optional.empty();
        }
        AssetRef ref;
        try {
            ref = AssetRef.parse(text);
        } catch (IllegalArgumentException e) {
            error("/template", "bad template reference: " + e.getMessage());
            return Optional.empty();
        }
        if (ref.kind() != AssetKind.TEMPLATE) {
            error(
                    "/template",
                    "'" + text + "' is a " + ref.kind() + " reference; 'template' needs template/<name>@vX.Y.Z");
            return Optional.empty();
        }
        if (!library.names(AssetKind.TEMPLATE).contains(ref.name())) {
            error(
                    "/template",
                    "unknown template '" + ref.name() + "'; templates on the shelf: "
                            + String.join(", ", library.names(AssetKind.TEMPLATE)));
            return Optional.empty();
        }
        try {
            return Optional.of(new LoadedTemplate(ref, TemplateLoader.load(library, ref)));
        } catch (LibraryException e) {
            error(
                    "/template",
                    "template " + ref + " cannot be used: " + e.getMessage().replace("\n", " "));
            return Optional.empty();
        }
    }

    /** The template, its default workflow, then the listed references; conflicts are findings. */
    private Map<String, AssetRef> activate(LoadedTemplate template) {
        Map<String, AssetRef> activated = new LinkedHashMap<>();
        activated.put(key(template.ref), template.ref);
        AssetRef workflow = defaultWorkflow(template.template);
        activated.put(key(workflow), workflow);
        List<String> refs = spec.library();
        for (int i = 0; i < refs.size(); i++) {
            String pointer = "/library/" + i;
            String text = refs.get(i);
            AssetRef ref;
            try {
                ref = AssetRef.parse(text);
            } catch (IllegalArgumentException e) {
                error(pointer, "bad library reference: " + e.getMessage());
                continue;
            }
            if (ref.kind() == AssetKind.TEMPLATE) {
                error(
                        pointer,
                        "'" + text
                                + "' is a template; the template is chosen by the 'template' field, not listed in "
                                + "'library'");
                continue;
            }
            try {
                library.resolve(ref);
            } catch (LibraryException e) {
                error(pointer, "missing library asset " + ref + ": " + e.getMessage());
                continue;
            }
            AssetRef earlier = activated.putIfAbsent(key(ref), ref);
            if (earlier != null && !earlier.equals(ref)) {
                error(
                        pointer,
                        "'" + ref + "' conflicts with " + earlier
                                + (earlier == workflow ? " (the template's default workflow)" : "")
                                + "; a deployment activates one version of each asset");
            } else if (earlier != null) {
                warning(
                        pointer,
                        "'" + ref + "' is already activated"
                                + (earlier == workflow ? " as the template's default workflow" : "")
                                + "; the line can go");
            }
        }
        return activated;
    }

    /**
     * The deployment's {@code default_workflow} when it names a workflow on the shelf, else the
     * template's. It is activated first among the workflows, so {@link Resolved#defaultWorkflow}
     * finds it.
     */
    private AssetRef defaultWorkflow(DeploymentTemplate template) {
        String text = spec.defaultWorkflow();
        if (text == null) {
            return template.defaultWorkflow();
        }
        try {
            AssetRef ref = AssetRef.parse(text);
            if (ref.kind() != AssetKind.WORKFLOW) {
                error(
                        "/default_workflow",
                        "'" + text + "' is a " + ref.kind().id()
                                + " reference; default_workflow needs workflow/<name>@vX.Y.Z");
                return template.defaultWorkflow();
            }
            library.resolve(ref);
            return ref;
        } catch (IllegalArgumentException e) {
            error("/default_workflow", "bad workflow reference: " + e.getMessage());
        } catch (LibraryException e) {
            error("/default_workflow", "missing workflow " + text + ": " + e.getMessage());
        }
        return template.defaultWorkflow();
    }

    private static String key(AssetRef ref) {
        return ref.kind().id() + "/" + ref.name();
    }

    // --- branding and knowledge --------------------------------------------------------------

    private void checkBranding(BrandingSpec b) {
        notBlankIfSet(b.productName(), "/branding/product_name", "branding.product_name");
        notBlankIfSet(b.subtitle(), "/branding/subtitle", "branding.subtitle");
        notBlankIfSet(b.tagline(), "/branding/tagline", "branding.tagline");
        if (b.colors() != null) {
            color(b.colors().primary(), "primary");
            color(b.colors().accent(), "accent");
            color(b.colors().background(), "background");
        }
        if (b.badges() != null) {
            for (int i = 0; i < b.badges().size(); i++) {
                if (b.badges().get(i) == null || b.badges().get(i).isBlank()) {
                    error("/branding/badges/" + i, "branding.badges[" + i + "] is empty");
                }
            }
        }
        if (b.logo() != null) {
            insideDirectory(b.logo(), "/branding/logo", "branding.logo", true);
        }
    }

    private void notBlankIfSet(String value, String pointer, String field) {
        if (value != null && value.isBlank()) {
            error(pointer, field + " is empty; give a value or remove the line to keep the template's");
        }
    }

    private void color(String value, String which) {
        if (value != null && !HEX_COLOR.matcher(value).matches()) {
            error("/branding/colors/" + which, "branding.colors." + which + " '" + value + "' is not a #rrggbb colour");
        }
    }

    private void checkKnowledgeBases(List<KnowledgeBaseSpec> bases) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < bases.size(); i++) {
            String pointer = "/knowledge_bases/" + i;
            KnowledgeBaseSpec kb = bases.get(i);
            if (kb == null) {
                error(pointer, "knowledge_bases[" + i + "] is empty; give name, path and description");
                continue;
            }
            String label = "knowledge base " + (kb.name() == null ? "[" + i + "]" : "'" + kb.name() + "'");
            if (kb.name() == null || !KB_NAME.matcher(kb.name()).matches()) {
                error(pointer + "/name", label + ": name must be snake_case ([a-z][a-z0-9_]*)");
            } else if (!names.add(kb.name())) {
                error(pointer + "/name", label + " is listed twice");
            }
            if (kb.path() == null || kb.path().isBlank()) {
                error(pointer + "/path", label + ": field 'path' is missing");
            } else {
                insideDirectory(kb.path(), pointer + "/path", label, false);
            }
            if (kb.description() == null || kb.description().isBlank()) {
                warning(pointer, label + " has no description; agents and reviewers see only its name");
            }
        }
    }

    private void insideDirectory(String relative, String pointer, String what, boolean mustBeFile) {
        Path path;
        try {
            path = Path.of(relative);
        } catch (InvalidPathException e) {
            error(pointer, what + ": '" + relative + "' is not a path");
            return;
        }
        Path resolved = directory.resolve(path).normalize();
        if (path.isAbsolute() || !resolved.startsWith(directory.normalize())) {
            error(
                    pointer,
                    what + ": '" + relative + "' must be a path inside the deployment directory"
                            + " (it is shipped with it), e.g. knowledge/policy.md");
        } else if (!Files.exists(resolved)) {
            error(pointer, what + ": '" + relative + "' does not exist in the deployment directory");
        } else if (mustBeFile && !Files.isRegularFile(resolved)) {
            error(pointer, what + ": '" + relative + "' is not a file");
        }
    }

    // --- permissions -------------------------------------------------------------------------

    private void checkRules(DeploymentTemplate template) {
        List<RuleSpec> rules = spec.permissions().rules();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < rules.size(); i++) {
            String pointer = "/permissions/rules/" + i;
            RuleSpec r = rules.get(i);
            if (r == null || r.id() == null || r.id().isBlank()) {
                error(pointer, "permissions.rules[" + i + "]: field 'id' is missing");
                continue;
            }
            String where = "permission rule '" + r.id() + "': ";
            if (!ids.add(r.id())) {
                error(pointer + "/id", where + "the id is used twice");
            }
            if (!RULE_ID.matcher(r.id()).matches()) {
                error(pointer + "/id", where + "an id holds letters, digits, '-' and '_' only (at most 64)");
            }
            boolean toolOk = checkTool(r.toolName(), pointer + "/tool_name", where);
            Optional<Behavior> behavior = Behavior.fromId(r.behavior());
            if (behavior.isEmpty()) {
                error(pointer + "/behavior", where + "behavior '" + r.behavior() + "' is not one of allow, deny, ask");
            }
            if (r.priority() == null) {
                error(pointer, where + "field 'priority' is missing (0..100; template denies sit at 60, asks at 45)");
            } else if (r.priority() < 0 || r.priority() > 100) {
                error(pointer + "/priority", where + "priority " + r.priority() + " is outside 0..100");
            }
            if (r.pattern() != null) {
                try {
                    Pattern.compile(r.pattern());
                } catch (PatternSyntaxException e) {
                    error(
                            pointer + "/pattern",
                            where + "pattern does not compile: " + e.getDescription() + " near index " + e.getIndex());
                }
            }
            if (r.reason() == null || r.reason().isBlank()) {
                warning(pointer, where + "no reason given; denials show the reason to users and auditors");
            }
            if (template != null && toolOk && behavior.isPresent() && r.priority() != null) {
                checkAgainstTemplate(r, behavior.get(), template, pointer, where);
            }
        }
    }

    private boolean checkTool(String glob, String pointer, String where) {
        if (glob == null || glob.isBlank()) {
            error(pointer, where + "field 'tool_name' is missing");
            return false;
        }
        if (!glob.contains("*") && !glob.contains("?")) {
            if (ToolCatalog.byName(glob).isEmpty()) {
                error(pointer, where + "tool '" + glob + "' is not in the tool catalogue");
                return false;
            }
            return true;
        }
        if (toolsCoveredBy(glob).isEmpty()) {
            error(pointer, where + "tool glob '" + glob + "' matches no tool in the catalogue");
            return false;
        }
        return true;
    }

    private void checkAgainstTemplate(
            RuleSpec r, Behavior behavior, DeploymentTemplate template, String pointer, String where) {
        Optional<PermissionRule> replaced = template.rule(r.id());
        if (replaced.isPresent()) {
            PermissionRule t = replaced.get();
            if (t.behavior() == Behavior.DENY && t.priority() >= INVARIANT_DENY_PRIORITY) {
                boolean stillDeny = behavior == Behavior.DENY
                        && r.priority() >= INVARIANT_DENY_PRIORITY
                        && r.toolName().equals(t.toolName());
                if (!stillDeny) {
                    error(
                            pointer,
                            where + "replaces the template's baseline rule '" + t.id() + "' (deny "
                                    + t.toolName() + " at priority " + t.priority() + ") with " + behavior.id() + " "
                                    + r.toolName() + " at priority " + r.priority()
                                    + "; a deployment may tighten the baseline, not remove it");
                } else if (!Objects.equals(
                        r.pattern(), t.pattern().map(Pattern::pattern).orElse(null))) {
                    warning(
                            pointer,
                            where + "replaces the pattern of the template's baseline deny '" + t.id()
                                    + "'; check the new pattern still catches what the old one did");
                }
            } else if (t.behavior() == Behavior.ASK && behavior == Behavior.ALLOW) {
                warning(
                        pointer,
                        where + "turns the template's approval '" + t.id() + "' on " + t.toolName()
                                + " into an allow; no person will confirm these calls");
            }
        }
        if (behavior == Behavior.ALLOW) {
            for (PermissionRule t : template.permissionRules()) {
                if (isInvariantDeny(t) && !t.id().equals(r.id()) && overlap(r.toolName(), t.toolName())) {
                    error(
                            pointer + "/behavior",
                            where + "allows " + r.toolName() + ", which template "
                                    + template.name() + " denies at priority " + t.priority() + " (rule '" + t.id()
                                    + "'); a profile deny at " + INVARIANT_DENY_PRIORITY
                                    + " or above beats every allow, so this rule would never apply: remove it");
                }
            }
        }
    }

    /** A template deny that applies to every call of its tools, whatever the arguments. */
    private static boolean isInvariantDeny(PermissionRule t) {
        return t.behavior() == Behavior.DENY
                && t.priority() >= INVARIANT_DENY_PRIORITY
                && t.pattern().isEmpty();
    }

    private static boolean overlap(String globA, String globB) {
        return toolsCoveredBy(globA).stream()
                .anyMatch(tool -> toolsCoveredBy(globB).contains(tool));
    }

    private static Set<String> toolsCoveredBy(String glob) {
        PermissionRule probe = new PermissionRule("probe", glob, Behavior.DENY, Optional.empty(), 0, "");
        Set<String> tools = new HashSet<>();
        ToolCatalog.names().stream().filter(probe::appliesToTool).forEach(tools::add);
        return tools;
    }

    // --- guardrails and retention ------------------------------------------------------------

    private void checkGuardrails(DeploymentTemplate template) {
        GuardrailsSpec g = spec.guardrails();
        Set<String> enable = ids(g.enable(), "/guardrails/enable");
        Set<String> disable = ids(g.disable(), "/guardrails/disable");
        for (int i = 0; i < g.disable().size(); i++) {
            String id = g.disable().get(i);
            if (enable.contains(id)) {
                error("/guardrails/disable/" + i, "guardrail " + id + " is both enabled and disabled");
            } else if (disable.contains(id)
                    && GuardrailCatalog.of(id).orElseThrow().kind() == GuardrailCatalog.Kind.ALWAYS_ON) {
                error(
                        "/guardrails/disable/" + i,
                        GuardrailCatalog.of(id).orElseThrow().cannotDisable());
            } else if (template != null && disable.contains(id)) {
                if (!template.guardrails().isOn(id)) {
                    warning(
                            "/guardrails/disable/" + i,
                            "guardrail " + id + " is already off in template " + template.name());
                } else if (template.guardrails().strict()) {
                    warning(
                            "/guardrails/disable/" + i,
                            "turns off guardrail " + id + ", which the strict template " + template.name()
                                    + " enables; the whitepaper lists it as a residual risk");
                }
            }
        }
        if (g.piiAction() != null && PiiAction.fromId(g.piiAction()).isEmpty()) {
            error(
                    "/guardrails/pii_action",
                    "guardrails.pii_action '" + g.piiAction() + "' is not one of redact, mask, hash");
        }
        if (template == null) {
            return;
        }
        Set<String> on = new HashSet<>(template.guardrails().enabled());
        on.addAll(enable);
        on.removeAll(disable);
        if (on.contains("G12") != on.contains("G13")) {
            error(
                    g.disable().isEmpty() ? "/guardrails/enable" : "/guardrails/disable",
                    "leaves " + (on.contains("G12") ? "G12 on and G13 off" : "G13 on and G12 off") + ": "
                            + TemplateLoader.AT_REST_TOGETHER);
        }
        if (Boolean.FALSE.equals(g.strict()) && template.guardrails().strict()) {
            warning(
                    "/guardrails/strict",
                    "strict: false relaxes template " + template.name()
                            + ": a guardrail whose driver is missing will degrade with a warning instead of stopping "
                            + "boot");
        }
        Optional<PiiAction> action = PiiAction.fromId(g.piiAction());
        if (action.isPresent()
                && template.guardrails().piiAction() == PiiAction.REDACT
                && action.get() != PiiAction.REDACT) {
            warning(
                    "/guardrails/pii_action",
                    "pii_action " + action.get().id() + " keeps part of each PII value (template " + template.name()
                            + " redacts it)");
        }
    }

    private Set<String> ids(List<String> ids, String pointer) {
        Set<String> valid = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            if (id == null || !GUARDRAIL_ID.matcher(id).matches()) {
                error(pointer + "/" + i, "'" + id + "' is not a guardrail id; expected G1..G17");
            } else if (!GuardrailCatalog.of(id).orElseThrow().offered()) {
                error(pointer + "/" + i, GuardrailCatalog.of(id).orElseThrow().notOffered());
            } else if (!valid.add(id)) {
                warning(pointer + "/" + i, "guardrail " + id + " is listed twice");
            }
        }
        return valid;
    }

    /**
     * {@code drift}: both limits, {@code 0 < watch_psi <= block_psi <= 10}. A block limit above the
     * template's lets more shift through to deployment: an error for the regulated templates
     * (their drift gate is part of the baseline), a warning for the others.
     */
    private void checkDrift(DeploymentTemplate template) {
        DeploymentSpec.DriftSpec d = spec.drift();
        if (d == null) {
            return;
        }
        if (d.watchPsi() == null || d.blockPsi() == null) {
            error("/drift", "drift needs both watch_psi and block_psi, e.g. drift: {watch_psi: 0.1, block_psi: 0.2}");
            return;
        }
        if (!(d.watchPsi() > 0 && d.blockPsi() >= d.watchPsi() && d.blockPsi() <= 10)) {
            error(
                    "/drift",
                    "drift needs 0 < watch_psi <= block_psi <= 10, got " + d.watchPsi() + " and " + d.blockPsi());
            return;
        }
        if (template == null || template.drift().isEmpty()) {
            return;
        }
        double templateBlock = template.drift().get().blockPsi();
        if (d.blockPsi() > templateBlock) {
            String text = "drift.block_psi " + d.blockPsi() + " is above template " + template.name() + "'s "
                    + templateBlock + ": more shift passes to deployment";
            if (RETENTION_FLOORS.contains(template.name())) {
                error("/drift/block_psi", text);
            } else {
                warning("/drift/block_psi", text);
            }
        }
    }

    private void checkRetention(DeploymentTemplate template) {
        RetentionSpec r = spec.retention();
        Retention floor = template == null ? null : template.retention();
        days(r.conversationsDays(), "conversations_days", floor == null ? null : floor.conversationsDays(), template);
        days(r.runEventsDays(), "run_events_days", floor == null ? null : floor.runEventsDays(), template);
        days(r.auditPdfsDays(), "audit_pdfs_days", floor == null ? null : floor.auditPdfsDays(), template);
        days(
                r.shadowPredictionsDays(),
                "shadow_predictions_days",
                floor == null ? null : floor.shadowPredictionsDays(),
                template);
    }

    private void days(Integer value, String field, Integer templateDays, DeploymentTemplate template) {
        String pointer = "/retention/" + field;
        if (value == null) {
            return;
        }
        if (value <= 0) {
            error(pointer, "retention." + field + " must be a positive number of days, not " + value);
        } else if (templateDays != null && value < templateDays) {
            String text = "retention." + field + " " + value + " is below the " + templateDays + " days of template "
                    + template.name();
            if (RETENTION_FLOORS.contains(template.name())) {
                error(pointer, text + ", which is the regulatory minimum for it; keep " + templateDays + " or more");
            } else {
                warning(pointer, text);
            }
        }
    }

    // --- findings ----------------------------------------------------------------------------

    // --- egress ---------------------------------------------------------------------------------

    /** A host, {@code *.suffix} or a glob over one host name; never a URL, a port or a path (G1 matches hosts). */
    private static final Pattern EGRESS_ENTRY = Pattern.compile("[A-Za-z0-9*?](?:[A-Za-z0-9*?.-]*[A-Za-z0-9*?])?");

    private void checkEgressAllowlist(List<String> hosts) {
        for (int i = 0; i < hosts.size(); i++) {
            String host = hosts.get(i);
            if (host == null || !EGRESS_ENTRY.matcher(host.strip()).matches()) {
                error(
                        "/egress_allowlist/" + i,
                        "egress_allowlist entry '" + host + "' must be a host name or pattern such as"
                                + " api.example.com or *.example.com, not a URL, host:port or path");
            }
        }
    }

    private void error(String pointer, String message) {
        findings.add(Finding.error(FILE, parsed.lineOf(pointer), message));
    }

    private void warning(String pointer, String message) {
        findings.add(Finding.warning(FILE, parsed.lineOf(pointer), message));
    }
}
