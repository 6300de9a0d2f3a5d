package svc.deployments.whitepaper;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Setting;
import svc.deployments.Deployment;
import svc.deployments.Deployment.ActiveRule;
import svc.deployments.Deployment.Origin;
import svc.deployments.DeploymentLayout;
import svc.deployments.effective.GovernanceLayers;
import svc.library.template.Behavior;
import svc.library.template.ComplianceGate;
import svc.library.template.DeploymentTemplate;
import svc.library.template.PermissionRule;
import svc.library.template.PiiAction;
import svc.library.template.Retention;
import svc.library.template.SafeHarborIdentifier;

/**
 * Renders the whitepaper of a deployment from the configuration a server started with it would
 * run with ({@link EffectiveConfig}: defaults &lt; template &lt; deployment &lt; settings &lt;
 * environment, each value with its origin). It states what the runtime enforces, not what the
 * template lists: a guardrail is "in force" only when the runtime applies it with these values
 * (G1 needs hosts on its allowlist, G7 its switch and the production environment, G12/G13
 * at-rest encryption, which their switch decides; G3, G4 and G5 follow their switches; the
 * others are always applied), each with the setting and origin that decide it.
 * Values the configuration does not hold (rendered without the server's defaults and environment,
 * as {@code svc deploy ship} does) are named as decided by the server at start.
 *
 * <p>The output is deterministic (no clock, no host), so the copy in a ship's output can be
 * compared with one rendered later from the same checkout and configuration.
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
    private final EffectiveConfig cfg;
    private final boolean withServer;
    private final String version;
    private final StringBuilder md = new StringBuilder();

    private Whitepaper(Deployment deployment, EffectiveConfig config, String version) {
        this.d = deployment;
        this.cfg = config;
        this.withServer = config.get("svc.http.env").isPresent();
        this.version = version;
    }

    /**
     * The whitepaper as Markdown, from the deployment's own layers (template and deployment) only:
     * what ships, before a server's defaults and environment decide the rest.
     *
     * @param version the ship version it accompanies, or empty when rendered on its own (the
     *                verification commands then show a {@code <version>} placeholder)
     */
    public static String render(Deployment deployment, Optional<String> version) {
        EffectiveConfig shipped = EffectiveConfig.resolve(
                List.of(
                        GovernanceLayers.template(deployment.templateRef(), deployment.template()),
                        GovernanceLayers.deployment(deployment)),
                Set.of(GovernanceLayers.EGRESS));
        return render(deployment, shipped, version);
    }

    /** The whitepaper as Markdown, from {@code config}: what a server with it enforces. */
    public static String render(Deployment deployment, EffectiveConfig config, Optional<String> version) {
        return new Whitepaper(deployment, config, version.orElse("<version>")).build();
    }

    // --- the resolved configuration ------------------------------------------------------------

    private Optional<Setting> setting(String key) {
        return cfg.get(key);
    }

    private String text(String key, String orElse) {
        return setting(key).map(v -> String.valueOf(v.value())).orElse(orElse);
    }

    private boolean on(String key) {
        return setting(key)
                .map(v -> Boolean.parseBoolean(String.valueOf(v.value())))
                .orElse(false);
    }

    /** {@code `key` = value (origin)}, or that the server decides it. */
    private String decided(String key) {
        return setting(key)
                .map(v -> "`" + key + "` = " + shown(v.value()) + " ("
                        + v.origin().label() + ")")
                .orElse("`" + key + "`: decided by the server at start (not in this configuration)");
    }

    private static String shown(Object value) {
        String t = String.valueOf(value);
        return t.isEmpty() ? "empty" : "`" + t + "`";
    }

    private List<String> egressHosts() {
        return setting(GovernanceLayers.EGRESS).stream()
                .flatMap(v -> Arrays.stream(String.valueOf(v.value()).split(",")))
                .map(String::strip)
                .filter(h -> !h.isEmpty())
                .toList();
    }

    private PiiAction piiAction() {
        return PiiAction.fromId(text(GovernanceLayers.GUARDRAILS + ".pii-action", ""))
                .orElse(d.guardrails().piiAction());
    }

    /**
     * One guardrail as the runtime has it: whether it is in force, what decides it, what it does.
     *
     * @param known false when the deciding setting is the server's and not in this configuration
     */
    private record Rail(Guardrail rail, boolean inForce, String decidedBy, String does, boolean known) {

        Rail(Guardrail rail, boolean inForce, String decidedBy, String does) {
            this(rail, inForce, decidedBy, does, true);
        }

        String state() {
            return !known ? "at server start" : inForce ? "yes" : "no";
        }
    }

    private List<Rail> rails() {
        String g = GovernanceLayers.GUARDRAILS + ".";
        List<Rail> rails = new ArrayList<>();
        List<String> hosts = egressHosts();
        boolean g1 = on(g + "G1") && !hosts.isEmpty();
        rails.add(new Rail(
                Guardrail.G1,
                g1,
                decided(g + "G1") + "; " + decided(GovernanceLayers.EGRESS),
                g1
                        ? Guardrail.G1.effect() + "; allowlist: " + String.join(", ", hosts)
                        : on(g + "G1")
                                ? "nothing is checked: an empty allowlist restricts nothing"
                                : "switched off: tool URLs are not checked"));
        String driver = text("svc.sandbox.driver", null);
        rails.add(new Rail(
                Guardrail.G2,
                driver != null && !driver.equals("none"),
                decided("svc.sandbox.driver"),
                driver == null
                        ? "agent Python runs in the server's sandbox driver (SVC_SANDBOX_DRIVER)"
                        : "agent Python runs in the `" + driver + "` sandbox under memory, CPU-time and path limits",
                driver != null));
        rails.add(switched(Guardrail.G3, g + "G3", Guardrail.G3.effect()));
        PiiAction action = piiAction();
        rails.add(switched(
                Guardrail.G4,
                g + "G4",
                Guardrail.G4.effect() + ": **" + action.id() + "** (" + piiActionText(action) + "); "
                        + decided(g + "pii-action")));
        rails.add(switched(Guardrail.G5, g + "G5", Guardrail.G5.effect() + " (with the PII action above)"));
        rails.add(always(Guardrail.G6, "always (cannot be disabled)", Guardrail.G6.effect()));
        String env = text("svc.http.env", null);
        boolean g7 =
                setting(g + "G7").isPresent() ? on(g + "G7") : d.guardrails().isOn("G7");
        rails.add(new Rail(
                Guardrail.G7,
                g7 && "production".equals(env),
                decided(g + "G7") + "; " + decided("svc.http.env"),
                !g7
                        ? "switched off: no per-user rate limit, even in production"
                        : "production".equals(env)
                                ? Guardrail.G7.effect()
                                : env == null
                                        ? "API requests are rate-limited when the server runs with SVC_ENV=production"
                                        : "no rate limit: the server runs in " + env,
                env != null || !g7));
        rails.add(always(
                Guardrail.G10,
                "always (cannot be disabled); " + decided("svc.agents.max-delegation-depth") + "; "
                        + decided("svc.agents.max-delegations-per-run"),
                "agent delegation is cut at depth " + text("svc.agents.max-delegation-depth", "5") + " and "
                        + text("svc.agents.max-delegations-per-run", "50") + " delegations per run"));
        rails.add(always(
                Guardrail.G11,
                "always (cannot be disabled; driver SVC_SIGNING_DRIVER, default ed25519)",
                Guardrail.G11.effect()));
        String atRest = text(GovernanceLayers.AT_REST, null);
        boolean sealed = "on".equals(atRest) || "true".equals(atRest);
        for (Guardrail rail : List.of(Guardrail.G12, Guardrail.G13)) {
            rails.add(new Rail(
                    rail,
                    sealed,
                    // G12/G13 are this switch: the template or deployment sets it, the environment may override.
                    decided(GovernanceLayers.AT_REST),
                    sealed
                            ? rail.effect() + " (the journal, sealed with the customer's key " + "SVC_KEK; the server "
                                    + "does not start without it)"
                            : atRest == null
                                    ? "encryption at rest when the server runs with SVC_AT_REST_ENCRYPTION=on"
                                    : "not encrypted: G12/G13 and at-rest encryption are off",
                    atRest != null));
        }
        rails.add(always(Guardrail.G14, "always (cannot be disabled)", Guardrail.G14.effect()));
        rails.add(always(Guardrail.G15, "always (cannot be disabled; POST /api/v1/erasure)", Guardrail.G15.effect()));
        rails.add(always(
                Guardrail.G16, "always (cannot be disabled; each gate's ttl and escalation)", Guardrail.G16.effect()));
        return rails;
    }

    private static Rail always(Guardrail rail, String decidedBy, String does) {
        return new Rail(rail, true, decidedBy, does);
    }

    private Rail switched(Guardrail rail, String key, String effect) {
        boolean on = setting(key).isPresent() ? on(key) : d.guardrails().isOn(rail.name());
        return new Rail(rail, on, decided(key), on ? effect : "switched off");
    }

    private boolean inForce(Guardrail rail) {
        return rails().stream().anyMatch(r -> r.rail() == rail && r.inForce());
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
                        List.of("Default workflow", decided("svc.governance.default-workflow")),
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
                                "Guardrails in force",
                                rails().stream()
                                        .filter(Rail::inForce)
                                        .map(r -> r.rail().name())
                                        .collect(Collectors.joining(", "))),
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
        line("What the runtime enforces with this configuration, and the setting that decides each (its origin in "
                + "brackets: `default`, `template:`, `deployment:`, `settings:`, `env:`). G1, G3, G4 and G5 are "
                + "switched by the deployment for the runs under its profile, G7 (in production) and G12/G13 (as "
                + "one: encryption at rest) for the server; G2, G6, G10, G11, G14, G15 and G16 are always applied, "
                + "and `svc deploy validate` and `svc server` refuse a deployment that disables one.");
        line("");
        table(
                List.of("Guardrail", "In force", "Decided by", "What the runtime does"),
                rails().stream()
                        .map(r -> List.of(r.rail().name() + " " + r.rail().title(), r.state(), r.decidedBy(), r.does()))
                        .toList());
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
        setting("svc.governance.drift.block-psi").ifPresent(block -> {
            String watch = text("svc.governance.drift.watch-psi", "?");
            line("");
            line("Drift bands of runs under this profile: PSI below " + watch + " is stable, from " + watch
                    + " a feature is watched, above " + block.value() + " the shift is significant"
                    + (gatesComputedBy("compute_drift").isEmpty() ? "" : " and the drift gate blocks deployment")
                    + " (" + block.origin().label() + ").");
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
                        + "; each run's audit PDF signed after its last gate and deployment (G11)",
                "`audit.pdf`, `retention_log.json`"));
        List<PermissionRule> dataRules = rulesFor("write_file", r -> r.behavior() == Behavior.DENY);
        rows.add(List.of(
                "Personal data kept out of outputs",
                (inForce(Guardrail.G4) ? "G4 " + piiVerb(piiAction()) + " detected PII" : "G4 off")
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
                        + (inForce(Guardrail.G2)
                                ? "; Python sandboxed (G2)"
                                : setting("svc.sandbox.driver").isEmpty()
                                        ? "; Python sandboxed by the server's driver (G2, SVC_SANDBOX_DRIVER)"
                                        : "; Python not sandboxed (G2 off)"),
                "permission denial log"));
        List<PermissionRule> egress = rulesFor(
                "http_get", r -> r.behavior() == Behavior.DENY && r.pattern().isEmpty());
        rows.add(List.of(
                "Data stays in the network",
                !egress.isEmpty()
                        ? "`http_get` denied (" + ids(egress) + ")"
                        : egressLimited()
                                ? "`http_get` limited to the egress allowlist (G1): " + String.join(", ", egressHosts())
                                : "not limited: no deny on `http_get`, and G1's allowlist is empty",
                "permission denial log"));
        return rows;
    }

    private boolean egressLimited() {
        return inForce(Guardrail.G1);
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
        List<String> atStart = new ArrayList<>();
        for (Rail r : rails()) {
            if (!r.known()) {
                atStart.add(r.rail().name());
            } else if (!r.inForce()) {
                risks.add(r.rail().name() + " (" + r.rail().title() + ") is not in force: " + r.does() + ".");
            }
        }
        if (!atStart.isEmpty()) {
            risks.add(String.join(", ", atStart) + " depend on the server's environment, which this document was "
                    + "written without; `svc config show` on the running server shows the values it runs with.");
        }
        if (inForce(Guardrail.G4) && piiAction() != PiiAction.REDACT) {
            risks.add("PII action is " + piiAction().id() + ": " + piiActionText(piiAction())
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
                    + "split or obfuscated value passes them"
                    + (inForce(Guardrail.G4) ? ", which G4 partly covers" : "")
                    + ".");
        }
        if (!d.knowledgeBases().isEmpty()) {
            risks.add("Knowledge bases ("
                    + d.knowledgeBases().stream()
                            .map(Deployment.KnowledgeBase::name)
                            .sorted(Comparator.naturalOrder())
                            .collect(Collectors.joining(", "))
                    + ") ship inside the tarball and agents search them (search_knowledge); the ship tooling "
                    + "does not scan them for personal data, and G4 treats what a search returns only while it is "
                    + "in force.");
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
