/**
 * Retention: the daily sweep ({@link svc.core.retention.RetentionSweep}, run once a day across
 * the cluster as the built-in cron job {@code svc.retention}) deletes what is older than its
 * class's days: conversation files, the agents' and the run's journal events of finished runs,
 * audit PDFs, and the model deployments' shadow and served predictions. Each kind is one
 * {@link svc.core.retention.Pruner}; the days come from {@link svc.core.retention.RetentionPolicy}
 * (the run's profile template, the deployment overriding its own); every deletion goes to
 * {@code $SVC_HOME/retention_log.json}, and a run's onto the run's record.
 */
package svc.core.retention;
