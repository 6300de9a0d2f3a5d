package svc.governance.guardrail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class GuardrailChainTest {

    private static final GuardrailContext CTX = GuardrailContext.at(IntegrationPoint.POST_TOOL);

    /** A guardrail whose verdict is a function of the text it receives; records what it saw. */
    private static class Scripted implements Guardrail {
        final String name;
        final int priority;
        final boolean invariant;
        final UnaryOperator<String> rewrite;
        final Outcome outcome;
        final List<String> seen = new ArrayList<>();

        Scripted(String name, int priority, boolean invariant, Outcome outcome, UnaryOperator<String> rewrite) {
            this.name = name;
            this.priority = priority;
            this.invariant = invariant;
            this.outcome = outcome;
            this.rewrite = rewrite;
        }

        @Override
        public String id() {
            return "T-" + name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Set<IntegrationPoint> points() {
            return EnumSet.of(IntegrationPoint.POST_TOOL);
        }

        @Override
        public int priority() {
            return priority;
        }

        @Override
        public boolean invariant() {
            return invariant;
        }

        @Override
        public Verdict evaluate(GuardrailContext context, Payload payload) {
            String text = ((Payload.Text) payload).text();
            seen.add(text);
            switch (outcome) {
                case ALLOW:
                    return Verdict.allow(name + " saw nothing");
                case REDACT:
                    return Verdict.redact(Payload.text(rewrite.apply(text)), Severity.LOW, name + " rewrote");
                case DENY:
                    return Verdict.deny(Severity.HIGH, name + " refused");
                case ERROR:
                default:
                    throw new IllegalStateException(name + " is broken");
            }
        }
    }

    private static Scripted allow(String name, int priority) {
        return new Scripted(name, priority, false, Outcome.ALLOW, UnaryOperator.identity());
    }

    private static Scripted redact(String name, int priority, UnaryOperator<String> f) {
        return new Scripted(name, priority, false, Outcome.REDACT, f);
    }

    @Test
    void runsHigherPriorityFirstAndKeepsRegistrationOrderForTies() {
        Scripted low = allow("low", 10);
        Scripted highA = allow("highA", 70);
        Scripted highB = allow("highB", 70);
        Scripted mid = allow("mid", 60);
        GuardrailChain chain = GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(low, highA, mid, highB));
        assertThat(chain.guardrails()).extracting(Guardrail::name).containsExactly("highA", "highB", "mid", "low");
        ChainResult r = chain.run(CTX, Payload.text("x"));
        assertThat(r.verdicts()).extracting(GuardrailVerdict::name).containsExactly("highA", "highB", "mid", "low");
        assertThat(r.outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(r.verdicts()).allSatisfy(v -> assertThat(v.reason()).isNotBlank());
    }

    @Test
    void onlyGuardrailsOfThePointJoinTheChain() {
        Scripted g = allow("g", 1);
        assertThat(GuardrailChain.forPoint(IntegrationPoint.PRE_LLM, List.of(g)).guardrails())
                .isEmpty();
        assertThatThrownBy(() -> GuardrailChain.forPoint(IntegrationPoint.PRE_LLM, List.of(g))
                        .run(CTX, Payload.text("x")))
                .hasMessageContaining("POST_TOOL")
                .hasMessageContaining("PRE_LLM");
    }

    @Test
    void redactionsAreThreadedToTheNextGuardrail() {
        Scripted first = redact("upper", 90, String::toUpperCase);
        Scripted second = redact("exclaim", 50, s -> s + "!");
        Scripted last = allow("last", 10);
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(last, second, first))
                .run(CTX, Payload.text("hi"));
        assertThat(second.seen).containsExactly("HI");
        assertThat(last.seen).containsExactly("HI!");
        assertThat(r.outcome()).isEqualTo(Outcome.REDACT);
        assertThat(r.payload()).isEqualTo(Payload.text("HI!"));
    }

    @Test
    void denyStopsTheChain() {
        Scripted before = redact("before", 90, s -> s + "1");
        Scripted denier = new Scripted("denier", 50, false, Outcome.DENY, UnaryOperator.identity());
        Scripted after = allow("after", 10);
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(before, denier, after))
                .run(CTX, Payload.text("x"));
        assertThat(r.outcome()).isEqualTo(Outcome.DENY);
        assertThat(after.seen).isEmpty();
        assertThat(r.verdicts()).extracting(GuardrailVerdict::name).containsExactly("before", "denier");
        assertThat(r.denial().orElseThrow().reason()).isEqualTo("denier refused");
    }

    @Test
    void anExceptionFailsOpenForAnOrdinaryGuardrail() {
        Scripted broken = new Scripted("broken", 90, false, Outcome.ERROR, UnaryOperator.identity());
        Scripted after = redact("after", 10, s -> s + "+");
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(broken, after))
                .run(CTX, Payload.text("x"));
        assertThat(after.seen).containsExactly("x");
        assertThat(r.outcome()).isEqualTo(Outcome.REDACT);
        assertThat(r.failedOpen()).isTrue();
        GuardrailVerdict v = r.verdicts().get(0);
        assertThat(v.reported()).isEqualTo(Outcome.ERROR);
        assertThat(v.effective()).isEqualTo(Outcome.ERROR);
        assertThat(v.reason()).isEqualTo("broken threw IllegalStateException: broken is broken");
    }

    @Test
    void anExceptionDeniesForAnInvariantGuardrail() {
        Scripted broken = new Scripted("broken", 90, true, Outcome.ERROR, UnaryOperator.identity());
        Scripted after = allow("after", 10);
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(broken, after))
                .run(CTX, Payload.text("x"));
        assertThat(r.outcome()).isEqualTo(Outcome.DENY);
        assertThat(after.seen).isEmpty();
        GuardrailVerdict v = r.verdicts().get(0);
        assertThat(v.reported()).isEqualTo(Outcome.ERROR);
        assertThat(v.effective()).isEqualTo(Outcome.DENY);
        assertThat(v.reason()).startsWith("invariant guardrail failed closed: broken threw");
    }

    @Test
    void anExplicitErrorVerdictFollowsTheSameRule() {
        Guardrail undecided = new Scripted("undecided", 5, true, Outcome.ALLOW, UnaryOperator.identity()) {
            @Override
            public Verdict evaluate(GuardrailContext context, Payload payload) {
                return Verdict.error("driver unavailable");
            }
        };
        ChainResult r = GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(undecided))
                .run(CTX, Payload.text("x"));
        assertThat(r.outcome()).isEqualTo(Outcome.DENY);
        assertThat(r.denial().orElseThrow().reason())
                .isEqualTo("invariant guardrail failed closed: driver unavailable");
    }

    @Test
    void theListenerHearsEveryEvaluationAndEveryBypassAttempt() {
        List<String> events = new ArrayList<>();
        GuardrailListener listener = new GuardrailListener() {
            @Override
            public void triggered(String name, Outcome outcome) {
                events.add("triggered " + name + " " + outcome);
            }

            @Override
            public void bypassAttempt(String name, IntegrationPoint point, String reason) {
                events.add("bypass " + name + " " + point + " " + reason);
            }

            @Override
            public void evaluated(String name, long nanos) {
                assertThat(nanos).isNotNegative();
                events.add("evaluated " + name);
            }
        };
        Guardrail sneaky = new Scripted("sneaky", 50, false, Outcome.DENY, UnaryOperator.identity()) {
            @Override
            public Verdict evaluate(GuardrailContext context, Payload payload) {
                return Verdict.deny(Severity.HIGH, "obfuscated loopback").asBypassAttempt();
            }
        };
        GuardrailChain.forPoint(IntegrationPoint.POST_TOOL, List.of(allow("ok", 90), sneaky), listener)
                .run(CTX, Payload.text("x"));
        assertThat(events)
                .containsExactly(
                        "evaluated ok",
                        "triggered ok ALLOW",
                        "evaluated sneaky",
                        "triggered sneaky DENY",
                        "bypass sneaky POST_TOOL obfuscated loopback");
    }

    @Test
    void verdictsMustExplainThemselves() {
        assertThatThrownBy(() -> Verdict.allow(" ")).hasMessageContaining("reason");
    }

    @Test
    void thereAreSevenIntegrationPoints() {
        assertThat(IntegrationPoint.values())
                .extracting(Enum::name)
                .containsExactlyInAnyOrder(
                        "PRE_LLM",
                        "POST_LLM",
                        "PRE_TOOL",
                        "POST_TOOL",
                        "STORAGE_WRITE",
                        "AGENT_DELEGATE",
                        "LLM_CALL_WRAPPER");
    }
}
