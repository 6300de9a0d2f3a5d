package svc.http.telemetry;

import io.prometheus.metrics.core.metrics.Counter;
import svc.core.retention.RetentionSweep;

/**
 * {@code svc_retention_pruned_total{artefact_kind}}: what the retention sweeps of this node
 * deleted, in files (conversation files, audit PDFs and their sidecars) or journal rows (agent and
 * run events), by artefact kind. The daily sweep runs on one node of a cluster; that node counts it.
 */
public final class RetentionMetrics {

    private final Counter pruned;

    public RetentionMetrics(ApiMetrics metrics) {
        pruned = Counter.builder()
                .name("svc_retention_pruned_total")
                .help("Files and journal rows the retention sweep deleted, by artefact kind")
                .labelNames("artefact_kind")
                .register(metrics.registry);
    }

    /** Counts the sweep's deletions from now on; each kind shows (at 0) from the start. */
    public void attach(RetentionSweep sweep) {
        sweep.kinds().forEach(kind -> pruned.labelValues(kind));
        sweep.listen(d -> pruned.labelValues(d.artefactKind()).inc(d.count()));
    }
}
