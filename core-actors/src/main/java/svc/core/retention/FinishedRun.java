package svc.core.retention;

import java.time.Instant;

/** A run that ended (succeeded, failed or was cancelled): its data ages from {@code endedAt}. */
public record FinishedRun(String runId, String profile, String state, Instant endedAt) {}
