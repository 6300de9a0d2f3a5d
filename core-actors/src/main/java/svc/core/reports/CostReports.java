package svc.core.reports;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import svc.persistence.Database;
import svc.persistence.costs.CostRepository;
import svc.persistence.costs.CostRepository.CostGroup;
import svc.persistence.costs.CostRepository.GroupBy;

/**
 * The costs report: the LLM spend the runs recorded ({@code cost_ledger}, one row per increase of
 * an agent's spend, fed by the run projection) summed by agent, run, model or provider over
 * {@code [from, to)}. One grouped query on the JDBC executor; journals are never read.
 */
public final class CostReports {

    /** The report: its range (null ends are open), grouping, total and groups, largest first. */
    public record Report(Instant from, Instant to, GroupBy groupBy, double totalUsd, List<CostGroup> groups) {}

    private final Database database;
    private final Executor blocking;
    private final CostRepository costs = new CostRepository();

    public CostReports(Database database, Executor blocking) {
        this.database = database;
        this.blocking = blocking;
    }

    public CompletionStage<Report> costs(Instant from, Instant to, GroupBy groupBy) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try (Connection c = database.connection()) {
                        List<CostGroup> groups = costs.report(c, from, to, groupBy);
                        double total =
                                groups.stream().mapToDouble(CostGroup::costUsd).sum();
                        return new Report(from, to, groupBy, total, groups);
                    } catch (SQLException e) {
                        throw new IllegalStateException("database error: " + e.getMessage(), e);
                    }
                },
                blocking);
    }
}
