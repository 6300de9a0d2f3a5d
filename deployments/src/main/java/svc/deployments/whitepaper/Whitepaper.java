package svc.deployments.whitepaper;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import svc.deployments.Deployment;
import svc.deployments.Deployment.ActiveRule;
import svc.deployments.Deployment.Origin;
import svc.deployments.DeploymentLayout;
import svc.library.template.Behavior;
import svc.library.template.ComplianceGate;
import svc.library.template.DeploymentTemplate;
import svc.library.template.GuardrailSettings;
import svc.library.template.PermissionRule;
import svc.library.template.PiiAction;
import svc.library.template.Retention;
import svc.library.template.SafeHarborIdentifier;

/**
 * Renders the whitepaper of a deployment. Everything in it is read from the effective
 * {@link Deployment}; a sentence appears only when the setting it describes is in force, so two
 * deployments on the same template read differently where they differ.
 *
 * <p>The output is deterministic (no clock, no host), so the copy in a ship's output can be
 * compared with one rendered later from the same checkout.
 */
public final class Whitepaper {

    public static final List<String> SECTIONS = List.of(
            "1. Deployment summary",
            "2. Active guardrails",
            "3. Compliance mapping",
            "4. Verification commands",
            "5. Residual risks");

    private static final String DEPLOY_TOOL = "register_model_deployment";

    private final Deployment d;
    private final String version;
    private final StringBuilder md = new StringBuilder();

    private Whitepaper(Deployment deployment, String version) {
        this.d = deployment;
        this.version = version;
    }

    /**
     * The whitepaper as Markdown.
     *
     * @param version the ship version it accompanies, or empty when rendered on its own (the
     *                verification commands then show a {@code <version>} placeholder)
     */
    public static String render(Deployment deployment, Optional<String> version) {
        return new Whitepaper(deployment, version.orElse("<version>")).build();
    }

    private String build() {
        line("# " + d.branding().productName() + ": deployment whitepaper for " + d.customer());
        line("");
        line("This document describes what the svc deployment `" + d.customer() + "` enforces. It is generated from "
                + "`" + DeploymentLayout.CUSTOMERS_DIR + "/" + d.customer() + "/" + DeploymentLayout.CONFIG_FILE
                + "` (SHA-256 `" + d.configSha256() + "`) and the library template it pins; regenerate it with "
                + "`svc deploy whitepaper " + d.customer() + "`.");
        summary();
        guardrails();
        compliance();
        verification();
        risks();
        return md.toString();
    }

    // --- 1 -------------------------------------------------------------------------------------

    private void summary() {
        DeploymentTemplate t = d.template();
        section(0);
        table(
                List.of("Item", "Value"),
                List.of(
                        List.of("Customer", d.customer()),
                        List.of("Template", "`" + d.templateRef() + "`: " + t.description()),
                        List.of("Product name", d.branding().productName()),
                        List.of("Subtitle", d.branding().subtitle()),
                        List.of("Default workflow", "`" + d.defaultWorkflow() + "`"),
                        List.of(
                                "Library assets",
                                d.libraryRefs().stream().map(r -> "`" + r + "`").collect(Collectors.joining(", "))),
                        List.of(
                                "Permission rules",
                                d.permissionRules().size() + " (" + count(Origin.TEMPLATE) + " from the template, "
                                        + (d.permissionRules().size() - count(Origin.TEMPLATE))
                                        + " from the customer)"),
                        List.of(
                                "Compliance gates",
                                String.valueOf(d.complianceGates().size())),
                        List.of(
                                "Guardrails on",
                                d.guardrails().enabled().size()
                                        + (d.guardrails().strict() ? " (strict)" : " (not strict)")),
                        List.of(
                                "Knowledge bases",
                                d.knowledgeBases().isEmpty()
                                        ? "none"
                                        : d.knowledgeBases().stream()
                                                .map(k -> k.name() + " (`"
                                                        + d.directory().relativize(k.path()) + "`)")
                                                .collect(Collectors.joining(", "))),
                        List.of("Configuration SHA-256", "`" + d.configSha256() + "`")));
    }

    private long count(Origin origin) {
        return d.permissionRules().stream().filter(r -> r.origin() == origin).count();
    }

    // --- 2 -------------------------------------------------------------------------------------

    private void guardrails() {
        section(1);
        GuardrailSettings g = d.guardrails();
        GuardrailSettings templateG = d.template().guardrails();
        List<List<String>> rows = new ArrayList<>();
        for (Guardrail rail : Guardrail.values()) {
            boolean on = g.isOn(rail.name());
            if (rail.reserved() && !on) {
                continue;
            }
            String status = on ? "on" : "off";
            if (on != templateG.isOn(rail.name())) {
                status += on ? " (enabled by the customer)" : " (disabled by the customer)";
            }
            String effect = rail.effect();
            if (rail == Guardrail.G4) {
                effect += ": **" + g.piiAction().id() + "** (" + piiActionText(g.piiAction()) + ")";
            }
            if (rail == Guardrail.G1) {
                effect += d.egressAllowlist().isEmpty()
                        ? "; the template's allowlist is empty, and an unconfigured allowlist restricts nothing:"
                                + " hosts come from the server's SVC_EGRESS_ALLOWLIST"
                        : "; allowlist: " + String.join(", ", d.egressAllowlist());
            }
            rows.add(List.of(rail.name() + " " + rail.title(), status, effect));
        }
        table(List.of("Guardrail", "Status", "What it does here"), rows);
        line("");
        line(
                g.strict()
                        ? "Strict mode is on: if the driver of an enabled guardrail is unavailable, the server "
                                + "refuses to start."
                        : "Strict mode is off: an enabled guardrail whose driver is unavailable degrades with a "
                                + "warning instead of stopping the server.");
    }

    private static String piiActionText(PiiAction action) {
        return switch (action) {
            case REDACT -> "each value is replaced by its type tag, e.g. [EMAIL]";
            case MASK -> "the first two and last two characters of each value are kept";
            case HASH -> "each value is replaced by a SHA-256 prefix, so equal values stay joinable";
        };
    }

    // --- 3 -------------------------------------------------------------------------------------

    private void compliance() {
        section(2);
        subsection("Controls and their evidence");
        table(List.of("Obligation", "How this deployment meets it", "Evidence"), controls());
        subsection("Permission rules");
        line("Evaluated on every tool call. A deny at priority 60 or above beats any allow; otherwise allow beats deny "
                + "beats ask, with priority as the tie-break.");
        line("");
        table(
                List.of("Rule", "Tool", "Behaviour", "Priority", "Applies when", "Source", "Reason"),
                d.permissionRules().stream().map(Whitepaper::ruleRow).toList());
        subsection("Compliance gates");
        if (d.complianceGates().isEmpty()) {
            line("None: template `" + d.template().name() + "` defines no compliance gate.");
        } else {
            table(
                    List.of("Gate", "When the agent calls", "Computed by", "Denied if", "Blocks"),
                    d.complianceGates().stream()
                            .map(g -> List.of(
                                    g.id(),
                                    "`" + g.triggersOnTool() + "`",
                                    "`" + g.computesViaTool() + "`",
                                    "`" + g.denyIf() + "`",
                                    "`" + g.blocksTool() + "`"))
                            .toList());
        }
        subsection("Retention");
        Retention r = d.retention();
        Retention t = d.template().retention();
        table(
                List.of("Data class", "Kept (days)", "Template (days)"),
                List.of(
                        List.of(
                                "conversations",
                                String.valueOf(r.conversationsDays()),
                                String.valueOf(t.conversationsDays())),
                        List.of("run events", String.valueOf(r.runEventsDays()), String.valueOf(t.runEventsDays())),
                        List.of("audit PDFs", String.valueOf(r.auditPdfsDays()), String.valueOf(t.auditPdfsDays())),
                        List.of(
                                "shadow predictions",
                                String.valueOf(r.shadowPredictionsDays()),
                                String.valueOf(t.shadowPredictionsDays()))));
        d.drift().ifPresent(b -> {
            line("");
            line("Drift bands: PSI below " + b.watchPsi() + " is stable, from " + b.watchPsi()
                    + " a feature is watched, from " + b.blockPsi() + " the shift is significant.");
        });
        List<SafeHarborIdentifier> safeHarbor = d.template().safeHarborIdentifiers();
        if (!safeHarbor.isEmpty()) {
            long patterned =
                    safeHarbor.stream().filter(i -> !i.recognizers().isEmpty()).count();
            line("");
            line("HIPAA Safe Harbor: " + patterned + " of the " + safeHarbor.size()
                    + " identifier categories are recognised, in whole or in part, by pattern (the PII"
                    + " guardrail's Safe Harbor recognisers). What no pattern finds needs an NER, image or"
                    + " biometric add-on, which svc does not include.");
            line("");
            table(
                    List.of("Identifier category", "Recognised as", "Not recognised (needs an add-on)"),
                    safeHarbor.stream()
                            .map(i -> List.of(
                                    i.category(),
                                    i.recognizers().isEmpty()
                                            ? "nothing"
                                            : i.recognizers().stream()
                                                    .map(type -> "`" + type + "`")
                                                    .collect(Collectors.joining(", ")),
                                    i.notRecognized().orElse("-")))
                            .toList());
        }
    }

    private List<List<String>> controls() {
        List<List<String>> rows = new ArrayList<>();
        List<ComplianceGate> fairness = gatesComputedBy("audit_fairness");
        rows.add(List.of(
                "Fair treatment of groups before deployment",
                fairness.isEmpty()
                        ? "not enforced: no fairness gate"
                        : fairness.stream()
                                .map(g ->
                                        "`" + g.blocksTool() + "` is denied when `" + g.denyIf() + "` (" + g.id() + ")")
                                .collect(Collectors.joining("; ")),
                "`fairness.json`"));
        List<ComplianceGate> drift = gatesComputedBy("compute_drift");
        rows.add(List.of(
                "Stable data before deployment",
                drift.isEmpty()
                        ? "not enforced: no drift gate"
                        : drift.stream()
                                .map(g ->
                                        "`" + g.blocksTool() + "` is denied when `" + g.denyIf() + "` (" + g.id() + ")")
                                .collect(Collectors.joining("; ")),
                "`drift.json`"));
        List<PermissionRule> asks = rulesFor(DEPLOY_TOOL, r -> r.behavior() == Behavior.ASK);
        rows.add(List.of(
                "Human approval of every deployment",
                asks.isEmpty()
                        ? "not required: no ask rule on `" + DEPLOY_TOOL + "`"
                        : "`" + DEPLOY_TOOL + "` waits for a person (" + ids(asks) + ")",
                "`approvals.json`"));
        rows.add(List.of(
                "Record keeping",
                "audit PDFs kept " + d.retention().auditPdfsDays() + " days, run events "
                        + d.retention().runEventsDays() + " days"
                        + (d.guardrails().isOn("G11")
                                ? "; audit PDFs signed (G11)"
                                : "; audit PDFs not signed (G11 off)"),
                "`audit.pdf`, `retention_log.json`"));
        List<PermissionRule> dataRules = rulesFor("write_file", r -> r.behavior() == Behavior.DENY);
        rows.add(List.of(
                "Personal data kept out of outputs",
                (d.guardrails().isOn("G4") ? "G4 " + piiVerb(d.guardrails().piiAction()) + " detected PII" : "G4 off")
                        + (dataRules.isEmpty()
                                ? ""
                                : "; `write_file` is denied when the content matches " + ids(dataRules)),
                "conversation files (`_redacted` lines)"));
        List<PermissionRule> exec = new ArrayList<>(rulesFor("execute_shell", r -> r.behavior() == Behavior.DENY));
        exec.addAll(rulesFor("execute_python", r -> r.behavior() == Behavior.DENY));
        rows.add(List.of(
                "No arbitrary code execution",
                (exec.isEmpty()
                                ? "no deny rule on shell or Python"
                                : exec.stream().map(Whitepaper::denial).collect(Collectors.joining("; ")))
                        + (d.guardrails().isOn("G2") ? "; Python sandboxed (G2)" : "; Python not sandboxed (G2 off)"),
                "permission denial log"));
        List<PermissionRule> egress = rulesFor(
                "http_get", r -> r.behavior() == Behavior.DENY && r.pattern().isEmpty());
        rows.add(List.of(
                "Data stays in the network",
                !egress.isEmpty()
                        ? "`http_get` denied (" + ids(egress) + ")"
                        : egressLimited()
                                ? "`http_get` limited to the egress allowlist (G1): "
                                        + String.join(", ", d.egressAllowlist())
                                : "left to the server: no deny on `http_get`, and G1 restricts hosts only when "
                                        + "SVC_EGRESS_ALLOWLIST is set",
                "permission denial log"));
        return rows;
    }

    private boolean egressLimited() {
        return d.guardrails().isOn("G1") && !d.egressAllowlist().isEmpty();
    }

    private boolean egressDenied() {
        return !rulesFor(
                        "http_get",
                        r -> r.behavior() == Behavior.DENY && r.pattern().isEmpty())
                .isEmpty();
    }

    private List<ComplianceGate> gatesComputedBy(String tool) {
        return d.complianceGates().stream()
                .filter(g -> g.computesViaTool().equals(tool))
                .toList();
    }

    private List<PermissionRule> rulesFor(String tool, Predicate<PermissionRule> filter) {
        return d.rules().stream()
                .filter(r -> r.appliesToTool(tool))
                .filter(filter)
                .toList();
    }

    /**
     * "`execute_shell` denied (id)" or, for a patterned rule, "`execute_python` denied when the
     * arguments match id".
     */
    private static String denial(PermissionRule r) {
        return "`" + r.toolName() + "` denied"
                + (r.pattern().isPresent() ? " when the arguments match " + r.id() : " (" + r.id() + ")");
    }

    private static String piiVerb(PiiAction action) {
        return switch (action) {
            case REDACT -> "redacts";
            case MASK -> "masks";
            case HASH -> "hashes";
        };
    }

    private static String ids(List<PermissionRule> rules) {
        return rules.stream().map(PermissionRule::id).collect(Collectors.joining(", "));
    }

    private static List<String> ruleRow(ActiveRule active) {
        PermissionRule r = active.rule();
        return List.of(
                r.id(),
                "`" + r.toolName() + "`",
                r.behavior().id(),
                String.valueOf(r.priority()),
                r.pattern().map(p -> "arguments match `" + p.pattern() + "`").orElse("always"),
                active.origin().label(),
                r.reason());
    }

    // --- 4 -------------------------------------------------------------------------------------

    private void verification() {
        section(3);
        String c = d.customer();
        String tarball = "svc-" + c + "-" + version + ".tar.gz";
        line("Run from the repository root the deployment was shipped from, and in the folder holding the ship "
                + "output.");
        line("");
        line("```bash");
        line("# the configuration is the one this document describes");
        line("sha256sum " + DeploymentLayout.CUSTOMERS_DIR + "/" + c + "/" + DeploymentLayout.CONFIG_FILE + "   # "
                + d.configSha256());
        line("svc deploy validate " + c + "                # exit 0: no error findings");
        line("");
        line("# the tarball is the one the manifest names (tarball_sha256 in MANIFEST.yaml)");
        line("sha256sum " + tarball);
        line("grep -E 'tarball_sha256|deployment_config_sha256|build_commit' MANIFEST.yaml");
        line("");
        line("# a rebuild from the same commit gives the same bytes");
        line("git checkout \"$(awk '/^build_commit:/ {print $2}' MANIFEST.yaml)\"");
        line("svc deploy ship " + c + " --output=rebuild --version=" + version);
        line("cmp rebuild/" + tarball + " " + tarball + " && echo identical");
        line("");
        line("# only this customer's deployment and the scaffold are inside");
        line("tar -tzf " + tarball + " | grep '/" + DeploymentLayout.CUSTOMERS_DIR + "/' | cut -d/ -f4 | sort -u");
        line("");
        line("# the running server uses this deployment");
        line("SVC_DEPLOYMENT=" + DeploymentLayout.CUSTOMERS_DIR + "/" + c + " bin/svc server &");
        line("curl -s http://localhost:8000/api/v1/config/branding   # product name: "
                + d.branding().productName());
        line("```");
    }

    // --- 5 -------------------------------------------------------------------------------------

    private void risks() {
        section(4);
        List<String> risks = new ArrayList<>();
        GuardrailSettings g = d.guardrails();
        for (Guardrail rail : Guardrail.values()) {
            if (!rail.reserved() && !g.isOn(rail.name())) {
                risks.add(rail.name() + " (" + rail.title() + ") is off"
                        + (d.template().guardrails().isOn(rail.name())
                                ? ", although template `" + d.template().name() + "` enables it"
                                : "")
                        + ": nothing ensures that "
                        + lowerFirst(rail.effect()) + ".");
            }
        }
        if (!g.strict()) {
            risks.add("Strict mode is off: a missing guardrail driver (for example no sandbox for G2) only logs a "
                    + "warning.");
        }
        if (g.isOn("G4") && g.piiAction() != PiiAction.REDACT) {
            risks.add("PII action is " + g.piiAction().id() + ": " + piiActionText(g.piiAction())
                    + ", so partial values remain in stored data.");
        }
        if (gatesComputedBy("audit_fairness").isEmpty()) {
            risks.add("No fairness gate: a model whose selection rates differ between groups can be deployed; read "
                    + "`fairness.json` before approving.");
        }
        if (gatesComputedBy("compute_drift").isEmpty()) {
            risks.add("No drift gate: a model can be deployed on data that has shifted since training.");
        }
        if (!egressDenied() && !egressLimited()) {
            risks.add("Outbound HTTP is not limited by this deployment: `http_get` is not denied and the egress "
                    + "allowlist is"
                    + " empty; set SVC_EGRESS_ALLOWLIST on the server to the hosts agents may reach.");
        }
        if (rulesFor(DEPLOY_TOOL, r -> r.behavior() == Behavior.ASK).isEmpty()) {
            risks.add("No human approval is required before `" + DEPLOY_TOOL + "`.");
        }
        d.permissionRules().stream()
                .filter(a -> a.origin() != Origin.TEMPLATE && a.rule().behavior() == Behavior.ALLOW)
                .forEach(a -> risks.add("Customer rule " + a.rule().id() + " allows `"
                        + a.rule().toolName() + "`"
                        + a.rule()
                                .pattern()
                                .map(p -> " when the arguments match `" + p.pattern() + "`")
                                .orElse("") + "."));
        retentionRisk(
                "conversations",
                d.retention().conversationsDays(),
                d.template().retention().conversationsDays(),
                risks);
        retentionRisk(
                "run events",
                d.retention().runEventsDays(),
                d.template().retention().runEventsDays(),
                risks);
        retentionRisk(
                "audit PDFs",
                d.retention().auditPdfsDays(),
                d.template().retention().auditPdfsDays(),
                risks);
        retentionRisk(
                "shadow predictions",
                d.retention().shadowPredictionsDays(),
                d.template().retention().shadowPredictionsDays(),
                risks);
        List<PermissionRule> patterned = d.rules().stream()
                .filter(r -> r.behavior() == Behavior.DENY && r.pattern().isPresent())
                .toList();
        if (!patterned.isEmpty()) {
            risks.add("Pattern denies (" + ids(patterned)
                    + ") catch the forms their regular expressions describe; an encoded, "
                    + "split or obfuscated value passes them" + (g.isOn("G4") ? ", which G4 partly covers" : "") + ".");
        }
        if (!d.knowledgeBases().isEmpty()) {
            risks.add("Knowledge bases ("
                    + d.knowledgeBases().stream()
                            .map(Deployment.KnowledgeBase::name)
                            .sorted(Comparator.naturalOrder())
                            .collect(Collectors.joining(", "))
                    + ") ship inside the tarball and are shown to agents; the ship tooling does not scan them "
                    + "for personal data.");
        }
        risks.add("Agent decisions come from a language model; the permission rules, gates and guardrails above bound "
                + "what "
                + "the agents can do, not what they propose.");
        risks.forEach(r -> line("- " + r));
    }

    private void retentionRisk(String what, int days, int templateDays, List<String> risks) {
        if (days < templateDays) {
            risks.add("Retention of " + what + " is " + days + " days, below the template's " + templateDays + ".");
        }
    }

    // --- Markdown ------------------------------------------------------------------------------

    private void section(int index) {
        blank();
        line("## " + SECTIONS.get(index));
        blank();
    }

    private void subsection(String title) {
        blank();
        line("### " + title);
        blank();
    }

    private void table(List<String> header, List<List<String>> rows) {
        line("| " + String.join(" | ", header) + " |");
        line(header.stream().map(h -> "---").collect(Collectors.joining("|", "|", "|")));
        rows.forEach(row -> line("| " + row.stream().map(Whitepaper::cell).collect(Collectors.joining(" | ")) + " |"));
    }

    private static final Pattern NEWLINES = Pattern.compile("\\s*\\R\\s*");

    private static String cell(String text) {
        return NEWLINES.matcher(text == null ? "" : text.strip())
                .replaceAll(" ")
                .replace("|", "\\|");
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** A blank line, unless the text already ends in one (keeps sections from doubling them). */
    private void blank() {
        if (md.length() > 0 && !md.toString().endsWith("\n\n")) {
            md.append('\n');
        }
    }

    private void line(String text) {
        md.append(text).append('\n');
    }
}
