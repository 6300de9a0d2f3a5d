package svc.core.deploy;

import java.time.Instant;
import svc.core.CborSerializable;
import svc.ml.online.CanaryRule;

/**
 * One deployment of a model under a model name.
 *
 * @param state {@code active} (the champion), {@code challenger}, {@code shadow} or {@code retired}
 * @param trafficPct the share of requests it answers (champion: what the challengers leave;
 *     challenger: its own share), or for a shadow the share of requests mirrored to it; 0 retired
 * @param canary a challenger's canary rule, or null
 * @param canaryRound decisions the canary rule has taken so far (a check names the round it judged)
 * @param canarySince when the current round began: its evidence is what was labelled since
 */
public record Deployment(
        String deploymentId,
        String modelName,
        String modelId,
        String runId,
        String profile,
        String state,
        int trafficPct,
        String environment,
        CanaryRule canary,
        int canaryRound,
        Instant canarySince,
        String createdBy,
        Instant createdAt,
        Instant updatedAt)
        implements CborSerializable {

    public static final String ACTIVE = "active";
    public static final String CHALLENGER = "challenger";
    public static final String SHADOW = "shadow";
    public static final String RETIRED = "retired";

    public boolean live() {
        return !RETIRED.equals(state);
    }

    public boolean is(String s) {
        return s.equals(state);
    }

    Deployment withState(String newState, int pct, Instant at) {
        return new Deployment(
                deploymentId,
                modelName,
                modelId,
                runId,
                profile,
                newState,
                pct,
                environment,
                RETIRED.equals(newState) || ACTIVE.equals(newState) ? null : canary,
                canaryRound,
                canarySince,
                createdBy,
                createdAt,
                at);
    }

    Deployment withTraffic(int pct, Instant at) {
        return new Deployment(
                deploymentId,
                modelName,
                modelId,
                runId,
                profile,
                state,
                pct,
                environment,
                canary,
                canaryRound,
                canarySince,
                createdBy,
                createdAt,
                at);
    }

    Deployment nextCanaryRound(int pct, Instant at) {
        return new Deployment(
                deploymentId,
                modelName,
                modelId,
                runId,
                profile,
                state,
                pct,
                environment,
                canary,
                canaryRound + 1,
                at,
                createdBy,
                createdAt,
                at);
    }
}
