package svc.core.deploy;

import svc.core.CborSerializable;
import svc.ml.online.CanaryRule;

/**
 * What a deploy command asks for. {@code role}: {@code champion}, {@code challenger},
 * {@code shadow}, or null for the default (champion when the name has none, else shadow).
 * {@code trafficPct}: a challenger's share (required), a shadow's mirrored share (default 100);
 * ignored for a champion, which takes what the challengers leave.
 */
public record DeploySpec(
        String deploymentId,
        String modelId,
        String runId,
        String profile,
        String role,
        Integer trafficPct,
        String environment,
        CanaryRule canary,
        String by)
        implements CborSerializable {

    public static final String CHAMPION = "champion";
}
