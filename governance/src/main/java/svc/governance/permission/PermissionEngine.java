package svc.governance.permission;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides one {@link PermissionRequest} from the rules of all registered {@link RuleProvider}s.
 * The resolution order (see {@link #resolve}) is the one of the spec plus the decisions written
 * in {@code package-info.java}. Every DENY is written to the {@link DenialSink}; every decision
 * goes to the {@link DecisionListener}. The engine keeps no mutable state of its own, so one
 * instance serves all threads (providers and sinks must be thread-safe themselves).
 */
public final class PermissionEngine {

    /** A DENY at this priority or above wins over any ALLOW (the invariant pass). */
    public static final int INVARIANT_PRIORITY = 60;

    /** Priority of the synthetic DENY used when a provider throws: above every configured rule. */
    static final int PROVIDER_FAILURE_PRIORITY = Integer.MAX_VALUE;

    private static final Comparator<PermissionRule> BY_PRIORITY = Comparator.comparingInt(PermissionRule::priority);

    private final List<RuleProvider> providers;
    private final Behavior defaultBehavior;
    private final DecisionListener listener;
    private final DenialSink denials;
    private final Clock clock;

    private PermissionEngine(Builder b) {
        this.providers = List.copyOf(b.providers);
        this.defaultBehavior = b.defaultBehavior;
        this.listener = b.listener;
        this.denials = b.denials;
        this.clock = b.clock;
    }

    public static Builder builder() {
        return new Builder();
    }

    public PermissionDecision decide(PermissionRequest request) {
        List<PermissionRule> matched = new ArrayList<>();
        for (RuleProvider provider : providers) {
            for (PermissionRule rule : rulesOf(provider, request)) {
                if (rule.matches(request.tool(), request.argumentsJson())) {
                    matched.add(rule);
                }
            }
        }
        PermissionDecision decision = resolve(matched, defaultBehavior);
        listener.onDecision(request, decision);
        if (decision.denied()) {
            PermissionRule winner = decision.winner().orElse(null);
            denials.record(new DenialRecord(
                    decision.source(),
                    winner == null ? null : winner.id(),
                    decision.reason(),
                    request.runId(),
                    request.subject().name(),
                    request.tool(),
                    clock.instant()));
        }
        return decision;
    }

    /**
     * A provider that throws must not open the gate: its failure becomes a DENY under its own
     * source, above every configured priority, so the denial names which source broke.
     */
    private static List<PermissionRule> rulesOf(RuleProvider provider, PermissionRequest request) {
        try {
            return provider.rulesFor(request);
        } catch (RuntimeException e) {
            String source = provider.source().wireName();
            return List.of(PermissionRule.of(
                    source + "-unavailable",
                    "*",
                    Behavior.DENY,
                    PROVIDER_FAILURE_PRIORITY,
                    "permission source " + source + " failed (" + e.getMessage() + "); failing closed",
                    provider.source()));
        }
    }

    /**
     * The resolution order, as a pure function of the matched rules:
     * <ol>
     *   <li>invariant pass: the highest-priority {@linkplain #isInvariant invariant} DENY, if any, wins;</li>
     *   <li>otherwise the first behaviour present among ALLOW, DENY, ASK wins, and inside it the
     *       rule with the highest priority (equal priorities: the first matched, i.e. provider order);</li>
     *   <li>no rule matched: {@code defaultBehavior}, source {@code default}.</li>
     * </ol>
     */
    public static PermissionDecision resolve(List<PermissionRule> matched, Behavior defaultBehavior) {
        Optional<PermissionRule> invariant =
                highest(matched.stream().filter(PermissionEngine::isInvariant).toList());
        if (invariant.isPresent()) {
            return decided(invariant.get(), matched);
        }
        for (Behavior behavior : List.of(Behavior.ALLOW, Behavior.DENY, Behavior.ASK)) {
            Optional<PermissionRule> best = highest(
                    matched.stream().filter(r -> r.behavior() == behavior).toList());
            if (best.isPresent()) {
                return decided(best.get(), matched);
            }
        }
        return new PermissionDecision(
                defaultBehavior, Optional.empty(), matched, "no rule matched; default " + defaultBehavior.wireName());
    }

    /**
     * A DENY that no ALLOW can override: priority {@value #INVARIANT_PRIORITY} or above (spec), or a
     * compliance-gate verdict (our reading of "a compliance gate verdict blocks the named tool";
     * see package-info).
     */
    public static boolean isInvariant(PermissionRule rule) {
        return rule.behavior() == Behavior.DENY
                && (rule.priority() >= INVARIANT_PRIORITY || rule.source() == RuleSource.COMPLIANCE_GATE);
    }

    private static PermissionDecision decided(PermissionRule winner, List<PermissionRule> matched) {
        return new PermissionDecision(winner.behavior(), Optional.of(winner), matched, winner.reason());
    }

    /** Highest priority; {@code max} would keep the last of equals, so compare strictly by hand. */
    private static Optional<PermissionRule> highest(List<PermissionRule> rules) {
        PermissionRule best = null;
        for (PermissionRule rule : rules) {
            if (best == null || BY_PRIORITY.compare(rule, best) > 0) {
                best = rule;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Wires an engine; defaults: no providers, default ALLOW, no listener, no denial sink, UTC clock. */
    public static final class Builder {
        private final List<RuleProvider> providers = new ArrayList<>();
        private Behavior defaultBehavior = Behavior.ALLOW;
        private DecisionListener listener = DecisionListener.NONE;
        private DenialSink denials = DenialSink.NONE;
        private Clock clock = Clock.systemUTC();

        private Builder() {}

        public Builder provider(RuleProvider provider) {
            providers.add(Objects.requireNonNull(provider, "provider"));
            return this;
        }

        public Builder defaultBehavior(Behavior behavior) {
            this.defaultBehavior = Objects.requireNonNull(behavior, "default behavior");
            return this;
        }

        public Builder listener(DecisionListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        public Builder denials(DenialSink sink) {
            this.denials = Objects.requireNonNull(sink, "denial sink");
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        public PermissionEngine build() {
            return new PermissionEngine(this);
        }
    }
}
