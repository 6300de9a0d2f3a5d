package svc.core.deploy;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import svc.core.CborSerializable;

/**
 * One line of a model name's deployment history: what happened to which deployment, with the
 * state and share it was left in. Written with snake_case names: the stream and the API show it
 * as it is.
 *
 * @param action {@code deployed}, {@code promoted}, {@code retired}, {@code canary_step} or
 *     {@code canary_rollback}
 * @param retiredDeploymentId the champion a promotion (or a new champion) retired in the same event
 * @param detail a canary decision's evidence (test, p-value, labelled answers), else null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HistoryEntry(
        long seq,
        Instant at,
        String action,
        String deploymentId,
        String modelId,
        String state,
        int trafficPct,
        String retiredDeploymentId,
        String by,
        String detail)
        implements CborSerializable {}
