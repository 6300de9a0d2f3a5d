package svc.core.readside;

import java.sql.Connection;

/**
 * What the run projection does once a run has succeeded, after every gate's decision and the
 * run's lineage are in the tables (events are projected in order): the platform re-signs the
 * run's audit PDF here. Called inside the projection's transaction with its connection, so the
 * lineage it reads is the lineage just written; a failure must not throw (it would stop the
 * projection for every run), it is logged by the implementation instead.
 */
public interface RunSeal {

    RunSeal NONE = (c, runId) -> {};

    void succeeded(Connection c, String runId);
}
