package svc.ml.data;

/** How much a finding matters: ERROR blocks training, WARNING needs a look, INFO is context. */
public enum Severity {
    INFO,
    WARNING,
    ERROR
}
