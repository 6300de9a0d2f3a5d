package svc.core.datasets;

/** An upload went past {@code svc.datasets.max-upload-bytes}; what was received of it is deleted. */
public final class DatasetTooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long limit;

    public DatasetTooLarge(long limit) {
        super("the dataset is larger than the " + limit
                + " bytes an upload may have (svc.datasets.max-upload-bytes, SVC_DATASET_MAX_BYTES)");
        this.limit = limit;
    }

    public long limit() {
        return limit;
    }
}
