package svc.http.pipelines;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import org.apache.pekko.util.ByteString;
import svc.http.server.CoalescedReads;
import svc.http.server.Page;
import svc.http.server.Paging;
import svc.http.server.WrittenJson;
import svc.persistence.Database;
import svc.persistence.approvals.ApprovalRepository;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;

/**
 * A page of run records from the read side, in one task on the blocking executor and one
 * connection: the page's rows, the total, and the pending gates of just those runs. The most
 * requested read of the API, so it makes one trip off the request threads, not two; requests for
 * the same page that arrive while it is read share the next read ({@link CoalescedReads}), and only
 * the records that changed since they were last written are written ({@link WrittenJson}).
 */
final class RunListing {

    private final Database database;
    private final Executor blocking;
    private final RunRepository runs;
    private final ApprovalRepository approvals;
    /** A run's record as last written, by run id: ten full pages (limit 1,000) before it starts over. */
    private final WrittenJson<String, RunRecord> written = new WrittenJson<>(10_000, RunRecord::runId);

    private final CoalescedReads<Query, ByteString> reads = new CoalescedReads<>();

    private record Query(String state, Paging paging) {}

    RunListing(Database database, Executor blocking) {
        this.database = database;
        this.runs = new RunRepository(database.columns());
        this.approvals = new ApprovalRepository(database.columns());
        this.blocking = blocking;
    }

    /**
     * A page of runs, newest first, as the JSON bytes of a {@link Page} of {@link RunRecord}s;
     * {@code state} null for every state.
     */
    CompletionStage<ByteString> json(String state, Paging paging) {
        return reads.get(
                new Query(state, paging),
                () -> CompletableFuture.supplyAsync(() -> written.page(read(state, paging)), blocking));
    }

    private Page<RunRecord> read(String state, Paging paging) {
        try (Connection c = database.connection()) {
            List<RunRow> rows = runs.list(c, state, paging.limit(), paging.offset());
            int total = rows.size() < paging.limit() && (paging.offset() == 0 || !rows.isEmpty())
                    ? paging.offset() + rows.size()
                    : runs.count(c, state);
            Map<String, List<GateRecord>> gates =
                    approvals.pendingOf(c, rows.stream().map(RunRow::runId).toList()).stream()
                            .collect(Collectors.groupingBy(
                                    ApprovalRow::runId, Collectors.mapping(GateRecord::of, Collectors.toList())));
            List<RunRecord> items = rows.stream()
                    .map(r -> RunRecord.of(r, gates.getOrDefault(r.runId(), List.of())))
                    .toList();
            return new Page<>(items, total, paging.limit(), paging.offset());
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the runs: " + e.getMessage(), e);
        }
    }
}
