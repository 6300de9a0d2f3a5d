/**
 * The read side fed by projections of the journals. {@code RunProjectionHandler} keeps the
 * {@code runs} and {@code approvals} tables and each run's {@code approvals.json} exactly once per
 * event, in a {@code PooledJdbcSession}; {@code ConversationProjectionHandler} writes each agent's
 * conversation file, at least once and skipping lines already written, under the {@code FileLocks}
 * it shares with erasure. {@code ApprovalJson} is the gate shape the API and the file share.
 */
package svc.core.readside;
