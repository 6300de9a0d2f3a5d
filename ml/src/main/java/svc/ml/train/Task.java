package svc.ml.train;

/** The kind of prediction problem. */
public enum Task {
    BINARY,
    MULTICLASS,
    REGRESSION;

    public boolean isClassification() {
        return this != REGRESSION;
    }
}
