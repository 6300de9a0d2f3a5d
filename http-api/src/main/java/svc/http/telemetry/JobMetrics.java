package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import svc.core.batch.BatchFeed;
import svc.core.batch.BatchView;

/**
 * The job metrics of the spec, in the API's registry: {@code svc_batch_runs_total{run,status}},
 * {@code svc_batch_records_processed_total{run}}, {@code svc_cron_job_runs_total{job,status}} and
 * {@code svc_cron_job_duration_seconds{job}}. A batch's {@code run} label is its run id, or
 * {@code none} for a batch of no run.
 */
public final class JobMetrics {

    private final Counter batchRuns;
    private final Counter batchRecords;
    private final Counter cronRuns;
    private final Histogram cronDuration;

    public JobMetrics(ApiMetrics metrics) {
        batchRuns = Counter.builder()
                .name("svc_batch_runs_total")
                .help("Batch jobs reaching a final state, by run and status")
                .labelNames("run", "status")
                .register(metrics.registry);
        batchRecords = Counter.builder()
                .name("svc_batch_records_processed_total")
                .help("Batch records with a line written in results.jsonl, by run")
                .labelNames("run")
                .register(metrics.registry);
        cronRuns = Counter.builder()
                .name("svc_cron_job_runs_total")
                .help("Cron job firings, by job and status")
                .labelNames("job", "status")
                .register(metrics.registry);
        cronDuration = Histogram.builder()
                .name("svc_cron_job_duration_seconds")
                .help("Cron job run time, by job")
                .labelNames("job")
                .classicOnly()
                .classicUpperBounds(0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600)
                .register(metrics.registry);
    }

    /** Counts every batch of the feed from now on; close the subscription to stop. */
    public BatchFeed.Subscription attach(BatchFeed feed) {
        return feed.subscribe(BatchFeed.ALL, new BatchFeed.Listener() {
            @Override
            public void record(String batchId, String runId, long index, boolean ok) {
                batchRecords.labelValues(run(runId)).inc();
            }

            @Override
            public void finished(BatchView batch) {
                batchRuns.labelValues(run(batch.runId()), batch.state()).inc();
            }
        });
    }

    /** One cron firing's end. */
    public void cronRun(String job, String status, double seconds) {
        cronRuns.labelValues(job, status).inc();
        cronDuration.labelValues(job).observe(seconds);
    }

    private static String run(String runId) {
        return runId == null ? "none" : runId;
    }
}
