package svc.governance.injection;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import svc.governance.guardrail.Guardrail;
import svc.governance.guardrail.GuardrailContext;
import svc.governance.guardrail.IntegrationPoint;
import svc.governance.guardrail.Payload;
import svc.governance.guardrail.Severity;
import svc.governance.guardrail.Verdict;

/**
 * G3 at PRE_LLM, priority 70. Each message is judged on its own by an {@link InjectionDetector}
 * (the spec's patterns OR the learned n-gram model; {@link #defaults()} has both). The model judges
 * only what comes from outside the model, {@code user} and {@code tool} messages: the model's own
 * earlier answers ({@code assistant}) are not an injection's way in, and free prose from a vendor
 * model is the text the n-gram model was least trained on. Messages are judged alone, so two harmless
 * medium hits in
 * different turns of a long history do not add up to a block, and one poisoned tool result is
 * enough to deny the request). System messages are written by the platform, not by the user or a
 * tool, so they are skipped unless {@code scanSystemRole} is set. A denial is reported as a bypass
 * attempt; the reason names the message and the patterns, never the text.
 *
 * <p>The whole conversation is sent to the model on every iteration, so the same messages come
 * back again and again; detections are remembered by the SHA-256 of the message (never the text
 * itself, so no conversation content outlives its run here), in a bounded memo.
 */
public final class PromptInjectionGuardrail implements Guardrail {

    public static final int PRIORITY = 70;

    /** Entries kept before the memo is emptied; about 100 bytes each. */
    static final int MEMO_LIMIT = 8192;

    private final InjectionDetector detector;
    private final boolean scanSystemRole;
    private final boolean invariant;
    private final Map<String, InjectionDetector.Detection> memo = new ConcurrentHashMap<>();

    public PromptInjectionGuardrail(InjectionDetector detector, boolean scanSystemRole, boolean invariant) {
        this.detector = Objects.requireNonNull(detector, "detector");
        this.scanSystemRole = scanSystemRole;
        this.invariant = invariant;
    }

    /** Built-in patterns and the shipped model, system role skipped, fails open. */
    public static PromptInjectionGuardrail defaults() {
        return new PromptInjectionGuardrail(InjectionDetector.defaults(), false, false);
    }

    @Override
    public String id() {
        return "G3";
    }

    @Override
    public String name() {
        return "prompt_injection";
    }

    @Override
    public Set<IntegrationPoint> points() {
        return EnumSet.of(IntegrationPoint.PRE_LLM);
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean invariant() {
        return invariant;
    }

    @Override
    public Verdict evaluate(GuardrailContext context, Payload payload) {
        List<Payload.Message> messages = messagesOf(payload);
        int scanned = 0;
        List<String> belowThreshold = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            Payload.Message m = messages.get(i);
            if (!scanSystemRole && m.role().equals("system")) {
                continue;
            }
            scanned++;
            InjectionDetector.Detection d = detect(m.content(), !m.role().equals("assistant"));
            if (d.blocked()) {
                return Verdict.deny(
                                Severity.HIGH,
                                "prompt injection in message " + (i + 1) + " (" + m.role() + "): "
                                        + d.summary() + "; blocks on >= " + InjectionDetector.HIGH_THRESHOLD
                                        + " high or >= "
                                        + InjectionDetector.MEDIUM_THRESHOLD + " medium"
                                        + (detector.model().isPresent() ? " or model >= threshold" : ""))
                        .asBypassAttempt();
            }
            if (!d.hits().isEmpty()) {
                belowThreshold.add("message " + (i + 1) + ": " + d.summary());
            }
        }
        String scope = scanned + " of " + messages.size() + " message(s) scanned"
                + (scanSystemRole ? "" : ", system role skipped");
        return Verdict.allow(
                belowThreshold.isEmpty()
                        ? "no injection patterns; " + scope
                        : "below threshold (" + String.join("; ", belowThreshold) + "); " + scope);
    }

    private InjectionDetector.Detection detect(String content, boolean withModel) {
        if (content.length() < 256) {
            return detector.detect(content, withModel);
        }
        String key = (withModel ? "m:" : "p:") + sha256(content);
        InjectionDetector.Detection known = memo.get(key);
        if (known != null) {
            return known;
        }
        InjectionDetector.Detection d = detector.detect(content, withModel);
        if (memo.size() >= MEMO_LIMIT) {
            memo.clear();
        }
        memo.put(key, d);
        return d;
    }

    /** How many detections are remembered (for tests). */
    int memoSize() {
        return memo.size();
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }

    private static List<Payload.Message> messagesOf(Payload payload) {
        if (payload instanceof Payload.Messages) {
            return ((Payload.Messages) payload).messages();
        }
        if (payload instanceof Payload.Text) {
            return List.of(new Payload.Message("user", ((Payload.Text) payload).text()));
        }
        List<Payload.Message> out = new ArrayList<>();
        collectStrings(((Payload.Json) payload).node(), out);
        return out;
    }

    private static void collectStrings(JsonNode node, List<Payload.Message> out) {
        if (node.isTextual()) {
            out.add(new Payload.Message("user", node.textValue()));
        } else {
            node.forEach(child -> collectStrings(child, out));
        }
    }
}
