/**
 * Datasets uploaded through the API: streamed into the store under a name taken from their
 * content ({@link svc.core.datasets.DatasetStore}, the one class that writes those files), checked
 * as CSV or JSONL, registered in the lineage tables ({@link svc.core.datasets.DatasetService}), and
 * resolved to a file when a run is started from a {@code dataset_id}.
 */
package svc.core.datasets;
