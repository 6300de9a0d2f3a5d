package svc.library.template;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every guardrail id and what a template or deployment may do with it, so that a switch the
 * product accepts is a switch the runtime applies.
 *
 * <ul>
 *   <li>{@link Kind#SWITCHABLE}: the runtime reads the resolved on/off. G1, G3, G4 and G5 for the
 *       runs under the deployment's profile (the guardrails chained around each call, the
 *       conversation-file scrubber); G7 for the server (the production rate limits); G12 and G13
 *       together for the server (they are one mechanism here, journal encryption at rest: their
 *       state is {@code svc.at-rest.encryption}).</li>
 *   <li>{@link Kind#ALWAYS_ON}: a property the platform keeps whatever a deployment says. A
 *       template must list it and a deployment may not disable it; enabling it again is accepted
 *       and changes nothing.</li>
 *   <li>{@link Kind#NOT_OFFERED}: an id the specification reserves (G8, G9) or a control outside
 *       the product (G17); naming it either way is refused, since nothing at runtime would
 *       follow.</li>
 * </ul>
 */
public enum GuardrailCatalog {
    G1("egress allowlist", Kind.SWITCHABLE, ""),
    G2(
            "Python sandbox",
            Kind.ALWAYS_ON,
            "agent Python always runs in the sandbox (svc.sandbox.driver picks the driver); to stop agents running "
                    + "Python, deny execute_python or turn the code_execution feature off"),
    G3("prompt-injection filter", Kind.SWITCHABLE, ""),
    G4("PII guardrail", Kind.SWITCHABLE, ""),
    G5("conversation scrubber", Kind.SWITCHABLE, ""),
    G6(
            "log credential filter",
            Kind.ALWAYS_ON,
            "it keeps the server's own secrets (keys, tokens, passwords) out of every log line, whatever the "
                    + "deployment"),
    G7("per-user rate limit", Kind.SWITCHABLE, ""),
    G8("reserved", Kind.NOT_OFFERED, "the specification reserves the id and defines no guardrail for it"),
    G9("reserved", Kind.NOT_OFFERED, "the specification reserves the id and defines no guardrail for it"),
    G10(
            "delegation-loop limit",
            Kind.ALWAYS_ON,
            "bounded delegation keeps agents from delegating in loops; set the bounds with "
                    + "svc.agents.max-delegation-depth and max-delegations-per-run (the settings file's "
                    + "sub_agent_defaults)"),
    G11(
            "audit PDF signing",
            Kind.ALWAYS_ON,
            "the signed audit PDF is the run's record; SVC_SIGNING_DRIVER picks the signer, and an unsigned "
                    + "record proves nothing"),
    G12("payload encryption", Kind.SWITCHABLE, ""),
    G13("encryption at rest", Kind.SWITCHABLE, ""),
    G14("lineage", Kind.ALWAYS_ON, "every run records its lineage; the audit PDF and subject erasure read it"),
    G15(
            "subject erasure",
            Kind.ALWAYS_ON,
            "erasing a data subject on request (POST /api/v1/erasure) is an obligation the platform always meets"),
    G16(
            "approval time limits",
            Kind.ALWAYS_ON,
            "the sweep always applies each gate's ttl and escalation; set them on the gate in its workflow"),
    G17(
            "supply chain",
            Kind.NOT_OFFERED,
            "signed commits, the SBOM and keyless release signing are controls of the CI and release process, "
                    + "which svc does not include; no runtime switch follows it");

    /** What a template or deployment may do with a guardrail. */
    public enum Kind {
        SWITCHABLE,
        ALWAYS_ON,
        NOT_OFFERED
    }

    /** G12 and G13 are one mechanism (the journal's envelope encryption): they are switched together. */
    public static final List<GuardrailCatalog> AT_REST = List.of(G12, G13);

    private final String title;
    private final Kind kind;
    private final String why;

    GuardrailCatalog(String title, Kind kind, String why) {
        this.title = title;
        this.kind = kind;
        this.why = why;
    }

    public String title() {
        return title;
    }

    public Kind kind() {
        return kind;
    }

    /** The id a template or deployment may name: switchable or always on. */
    public boolean offered() {
        return kind != Kind.NOT_OFFERED;
    }

    /** Why a deployment cannot switch it off ({@link Kind#ALWAYS_ON}) or name it ({@link Kind#NOT_OFFERED}). */
    public String why() {
        return why;
    }

    /** The refusal of a value that turns this guardrail off, one sentence. */
    public String cannotDisable() {
        return name() + " (" + title + ") cannot be disabled: " + why;
    }

    /** The refusal of a value that names a guardrail svc does not offer, one sentence. */
    public String notOffered() {
        return name() + " (" + title + ") is not a guardrail svc offers: " + why;
    }

    /** The ids a template or deployment may name, in order. */
    public static List<GuardrailCatalog> offeredIds() {
        return Arrays.stream(values()).filter(GuardrailCatalog::offered).toList();
    }

    /** The entry of {@code id} ({@code G1}..{@code G17}), or empty. */
    public static Optional<GuardrailCatalog> of(String id) {
        return Arrays.stream(values()).filter(g -> g.name().equals(id)).findFirst();
    }
}
