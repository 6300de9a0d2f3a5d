/**
 * Cron jobs: five-field schedules (cron-utils, UNIX flavour) ticked by a cluster singleton every
 * 60 s; each due slot fires once (compare-and-set on the job's last fired slot in the database),
 * with the catch-up rule of {@link svc.core.cron.CronService#tick}.
 */
package svc.core.cron;
