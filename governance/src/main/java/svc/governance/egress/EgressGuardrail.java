package svc.governance.egress;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import svc.governance.guardrail.Guardrail;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.Severity;
import svc.governance.guardrail.Verdict;

/**
 * G1 at PRE_TOOL, priority 80 (before everything else: a blocked URL needs no further judging).
 * Invariant: if it cannot decide, the tool call is denied, because failing open here is exactly
 * the SSRF the guardrail exists for. With no allowlist configured it allows everything and says so.
 */
public final class EgressGuardrail implements Guardrail {

    public static final int PRIORITY = 80;

    private final EgressPolicy policy;

    public EgressGuardrail(EgressPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /** From the comma-separated value of {@code SVC_EGRESS_ALLOWLIST} (null or blank: not configured). */
    public static EgressGuardrail fromAllowlist(String commaSeparated) {
        return new EgressGuardrail(new EgressPolicy(EgressAllowlist.parse(commaSeparated)));
    }

    @Override
    public String id() {
        return "G1";
    }

    @Override
    public String name() {
        return "egress_allowlist";
    }

    @Override
    public Set<IntegrationPoint> points() {
        return EnumSet.of(IntegrationPoint.PRE_TOOL);
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean invariant() {
        return true;
    }

    @Override
    public Verdict evaluate(GuardrailContext context, Payload payload) {
        if (policy.allowlist().isEmpty()) {
            return Verdict.allow("egress allowlist not configured (" + EgressAllowlist.ENV + " unset): no-op");
        }
        Set<String> urls = new LinkedHashSet<>(urlsOf(payload));
        if (urls.isEmpty()) {
            return Verdict.allow("no URLs in the arguments");
        }
        List<EgressPolicy.UrlCheck> denied = new ArrayList<>();
        for (String url : urls) {
            EgressPolicy.UrlCheck check = policy.check(url);
            if (!check.allowed()) {
                denied.add(check);
            }
        }
        if (denied.isEmpty()) {
            return Verdict.allow(urls.size() + " URL(s), all on the egress allowlist");
        }
        String reason = denied.size() + " of " + urls.size() + " URL(s) blocked: "
                + denied.stream().map(c -> c.url() + " -> " + c.reason()).collect(Collectors.joining("; "));
        Verdict verdict = Verdict.deny(Severity.HIGH, reason);
        return denied.stream().anyMatch(EgressPolicy.UrlCheck::bypassAttempt) ? verdict.asBypassAttempt() : verdict;
    }

    private static List<String> urlsOf(Payload payload) {
        if (payload instanceof Payload.Json) {
            return UrlFinder.inJson(((Payload.Json) payload).node());
        }
        if (payload instanceof Payload.Text) {
            return UrlFinder.inText(((Payload.Text) payload).text());
        }
        List<String> out = new ArrayList<>();
        for (Payload.Message m : ((Payload.Messages) payload).messages()) {
            out.addAll(UrlFinder.inText(m.content()));
        }
        return out;
    }
}
