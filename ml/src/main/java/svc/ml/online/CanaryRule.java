package svc.ml.online;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How a challenger earns traffic: each time both it and the champion have at least
 * {@code minSamples} labelled answers since the last decision, the challenger is tested against the
 * champion ({@link ProportionTest}); significantly worse at level {@code alpha} rolls it back,
 * otherwise its share rises by {@code stepPct} up to {@code maxPct}.
 */
public record CanaryRule(
        @JsonProperty("step_pct") int stepPct,
        @JsonProperty("max_pct") int maxPct,
        @JsonProperty("min_samples") int minSamples,
        double alpha) {

    public CanaryRule {
        if (stepPct < 1 || stepPct > 99) {
            throw new IllegalArgumentException("canary step_pct must be 1 to 99, got " + stepPct);
        }
        if (maxPct < 1 || maxPct > 99) {
            throw new IllegalArgumentException("canary max_pct must be 1 to 99, got " + maxPct);
        }
        if (minSamples < 1) {
            throw new IllegalArgumentException("canary min_samples must be at least 1, got " + minSamples);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("canary alpha must be in (0, 0.5), got " + alpha);
        }
    }

    /** What the rule decides now. */
    public sealed interface Decision {}

    /** Not enough evidence yet, or already at the ceiling and not worse. */
    public record Hold(String reason) implements Decision {}

    /** Not significantly worse: the challenger's share rises to {@code toPct}. */
    public record Step(int toPct, ProportionTest.Result test) implements Decision {}

    /** Significantly worse: the challenger is retired and its traffic goes back to the champion. */
    public record Rollback(ProportionTest.Result test) implements Decision {}

    public Decision decide(int currentPct, Outcomes champion, Outcomes challenger) {
        if (challenger.labelled() < minSamples || champion.labelled() < minSamples) {
            return new Hold("waiting for " + minSamples + " labelled answers of each (champion " + champion.labelled()
                    + ", challenger " + challenger.labelled() + ")");
        }
        ProportionTest.Result test = ProportionTest.challengerWorse(champion, challenger);
        if (test.significant(alpha)) {
            return new Rollback(test);
        }
        if (currentPct >= maxPct) {
            return new Hold("at its ceiling of " + maxPct + " %");
        }
        return new Step(Math.min(maxPct, currentPct + stepPct), test);
    }
}
