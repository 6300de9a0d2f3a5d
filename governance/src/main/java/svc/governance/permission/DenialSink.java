package svc.governance.permission;

/** Where denials go: {@link DenialLog} in memory here, a database table in persistence. */
@FunctionalInterface
public interface DenialSink {

    DenialSink NONE = record -> {};

    void record(DenialRecord denial);
}
