package svc.core.deploy;

import java.time.Clock;

/** What every deployment entity is given: where it publishes its changes, and the clock. */
public record DeploymentRuntime(DeploymentEvents events, Clock clock) {}
