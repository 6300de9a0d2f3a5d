package svc.core.readside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pekko.projection.eventsourced.EventEnvelope;
import org.apache.pekko.projection.jdbc.javadsl.JdbcHandler;
import svc.config.Json;
import svc.config.io.AtomicFiles;
import svc.core.notify.Notice;
import svc.core.notify.NotificationOutbox;
import svc.core.run.Gate;
import svc.core.run.RunEntity;
import svc.core.run.RunState;
import svc.persistence.approvals.ApprovalRepository;
import svc.persistence.approvals.ApprovalRow;
import svc.persistence.costs.CostRepository;
import svc.persistence.crypto.ColumnSeal;
import svc.persistence.lineage.LineageRepository;
import svc.persistence.runs.RunRepository;
import svc.persistence.runs.RunRow;
import svc.persistence.store.WorkingCopy;

/**
 * Keeps the {@code runs}, {@code approvals}, lineage and cost tables, and each run's
 * {@code approvals.json}, in step with the run journals, and writes the notification outbox (gate
 * created, escalated, expired; budget pause) in the same transaction. Runs exactly once per event
 * (offset stored in the same transaction), so the tables never count an event twice; the outbox is
 * also keyed by the event, so even a replay from an earlier offset owes nothing twice.
 */
public final class RunProjectionHandler extends JdbcHandler<EventEnvelope<RunEntity.Event>, PooledJdbcSession> {

    private final RunRepository runs;
    private final ApprovalRepository approvals;
    private final LineageRepository lineage = new LineageRepository();
    private final CostRepository costs = new CostRepository();
    private final WorkingCopy files;
    private final NotificationOutbox outbox;

    private final RunSeal seal;

    public RunProjectionHandler(WorkingCopy files, NotificationOutbox outbox, ColumnSeal columns) {
        this(files, outbox, RunSeal.NONE, columns);
    }

    /**
     * @param seal told of each succeeded run, after its last gate and lineage rows (the final audit)
     * @param columns how the free-text columns are sealed (at-rest encryption)
     */
    public RunProjectionHandler(WorkingCopy files, NotificationOutbox outbox, RunSeal seal, ColumnSeal columns) {
        this.runs = new RunRepository(columns);
        this.approvals = new ApprovalRepository(columns);
        this.files = files;
        this.outbox = outbox;
        this.seal = seal;
    }

    @Override
    public void process(PooledJdbcSession session, EventEnvelope<RunEntity.Event> envelope) throws Exception {
        String runId =
                envelope.persistenceId().substring(envelope.persistenceId().indexOf('|') + 1);
        RunEntity.Event event = envelope.event();
        session.withConnection(c -> {
            apply(c, runId, event);
            notify(c, runId, envelope.sequenceNr(), event);
            return null;
        });
    }

    private void apply(Connection c, String runId, RunEntity.Event event) throws SQLException, IOException {
        if (event instanceof RunEntity.RunCreated e) {
            var s = e.spec();
            runs.insert(
                    c,
                    new RunRow(
                            runId,
                            RunState.after(null, e).wireName(),
                            s.template(),
                            s.profile(),
                            s.problem(),
                            s.datasetPath(),
                            s.target(),
                            s.createdBy(),
                            e.at(),
                            e.at(),
                            null,
                            0,
                            null,
                            s.datasetId(),
                            null));
            // A run started from an uploaded dataset knows its lineage id from the start.
            runs.updateLineage(c, runId, s.consentDocRef(), s.datasetId(), null);
            return;
        }
        String node = null;
        if (event instanceof RunEntity.NodeEntered e) {
            node = e.node();
        } else if (event instanceof RunEntity.GateOpened e) {
            Gate g = e.gate();
            node = g.node();
            approvals.insert(
                    c,
                    new ApprovalRow(
                            g.gateId(),
                            runId,
                            g.node(),
                            g.type(),
                            g.state(),
                            g.createdAt(),
                            g.ttlSeconds(),
                            g.escalateAfterSeconds(),
                            null,
                            g.notifyChannels(),
                            null,
                            null,
                            null,
                            g.tool(),
                            g.agent()));
        } else if (event instanceof RunEntity.GateEscalated e) {
            approvals.escalate(c, e.gateId(), e.at());
        } else if (event instanceof RunEntity.GateDecided e) {
            approvals.decide(
                    c, e.gateId(), e.approved() ? Gate.APPROVED : Gate.REJECTED, e.by(), e.at(), e.rationale());
        } else if (event instanceof RunEntity.GateExpired e) {
            approvals.decide(c, e.gateId(), Gate.EXPIRED, null, e.at(), "expired without a decision");
        } else if (event instanceof RunEntity.RunFailed e) {
            runs.updateFailure(c, runId, e.reason(), e.at());
        } else if (event instanceof RunEntity.CostUpdated e) {
            upsertAgentCost(c, runId, e);
        } else if (event instanceof RunEntity.StageCompleted e) {
            Object target = e.facts().get("dataset.target");
            if (target != null) {
                runs.updateCost(c, runId, currentCost(c, runId), target.toString());
            }
            recordLineage(c, runId, e);
        }
        Optional<RunState> state = RunState.setBy(event);
        if (state.isPresent()) {
            runs.updateState(c, runId, state.get().wireName(), node, event.at());
        }
        if (event instanceof RunEntity.GateOpened
                || event instanceof RunEntity.GateEscalated
                || event instanceof RunEntity.GateDecided
                || event instanceof RunEntity.GateExpired) {
            writeApprovalsFile(c, runId);
        }
        if (event instanceof RunEntity.RunSucceeded) {
            seal.succeeded(c, runId);
        }
    }

    /** The outbox rows an event owes; the gate's row (already updated above) says what it is and whom to tell. */
    private void notify(Connection c, String runId, long seq, RunEntity.Event event) throws SQLException {
        Notice notice = null;
        List<String> channels = List.of();
        if (event instanceof RunEntity.GateOpened e) {
            notice = pendingGateNotice(c, Notice.GATE_CREATED, e.gate().gateId(), e.at());
        } else if (event instanceof RunEntity.GateEscalated e) {
            notice = pendingGateNotice(c, Notice.GATE_ESCALATED, e.gateId(), e.at());
        } else if (event instanceof RunEntity.GateExpired e) {
            notice = gateNotice(c, Notice.GATE_EXPIRED, e.gateId(), e.at(), "expired without a decision");
        } else if (event instanceof RunEntity.RunPaused e) {
            // The budget is the only thing that pauses a run.
            double cost = runs.find(c, runId).map(RunRow::costUsd).orElse(0.0);
            notice = Notice.ofBudgetPause(runId, e.at(), e.reason(), cost);
        }
        if (notice != null) {
            if (notice.isGate()) {
                channels = approvals
                        .find(c, notice.gateId())
                        .map(ApprovalRow::notifyChannels)
                        .orElse(List.of());
            }
            outbox.owe(c, seq, notice, channels, Instant.now());
        }
    }

    /**
     * Events are projected in order, so a gate is still pending when its creation or escalation is;
     * a decided one means a replay (offsets lost), and nobody is to be asked about it any more.
     */
    private Notice pendingGateNotice(Connection c, String kind, String gateId, Instant at) throws SQLException {
        Notice n = gateNotice(c, kind, gateId, at, null);
        return n != null && Gate.PENDING.equals(n.gateState()) ? n : null;
    }

    private Notice gateNotice(Connection c, String kind, String gateId, Instant at, String reason) throws SQLException {
        return approvals
                .find(c, gateId)
                .map(g -> Notice.ofGate(kind, g, at, reason))
                .orElse(null);
    }

    /** Lineage rows from the facts a stage established: its dataset, its model, its deployment. */
    private void recordLineage(Connection c, String runId, RunEntity.StageCompleted e) throws SQLException {
        Map<String, Object> f = e.facts();
        String[] refs = runs.lineageOf(c, runId);
        if (f.get("dataset.id") instanceof String datasetId && f.get("dataset.sha256") instanceof String sha) {
            String uri = runs.find(c, runId).map(RunRow::datasetPath).orElse("");
            lineage.upsertDataset(c, datasetId, Path.of(uri).toUri().toString(), sha, refs[0], e.at());
            runs.updateLineage(c, runId, null, datasetId, null);
            refs[1] = datasetId;
        }
        if (f.get("model.id") instanceof String modelId) {
            lineage.upsertModel(
                    c, modelId, refs[1], runId, String.valueOf(f.getOrDefault("model.selected", "")), e.at());
            runs.updateLineage(c, runId, null, null, modelId);
            refs[2] = modelId;
        }
        if (f.get("deployment.id") instanceof String deploymentId && refs[2] != null) {
            Object traffic = f.get("deployment.traffic_pct");
            lineage.upsertDeployment(
                    c,
                    deploymentId,
                    refs[2],
                    String.valueOf(f.getOrDefault("deployment.environment", "")),
                    traffic instanceof Number n ? n.intValue() : null,
                    e.at());
        }
    }

    /**
     * The agent's total in {@code run_agent_costs}, and the increase as a {@code cost_ledger} row,
     * so the ledger's rows of a run add up to the run's {@code cost_usd}.
     */
    private void upsertAgentCost(Connection c, String runId, RunEntity.CostUpdated e) throws SQLException {
        String agent = e.agent();
        double total = e.agentTotalUsd();
        double increase = total - agentCost(c, runId, agent);
        if (increase > 0) {
            costs.record(c, runId, agent, e.model(), e.provider(), e.at(), increase);
        }
        try (PreparedStatement up =
                c.prepareStatement("UPDATE run_agent_costs SET cost_usd = ? WHERE run_id = ? AND agent = ?")) {
            up.setDouble(1, total);
            up.setString(2, runId);
            up.setString(3, agent);
            if (up.executeUpdate() == 0) {
                try (PreparedStatement ins =
                        c.prepareStatement("INSERT INTO run_agent_costs (run_id, agent, cost_usd) VALUES (?, ?, ?)")) {
                    ins.setString(1, runId);
                    ins.setString(2, agent);
                    ins.setDouble(3, total);
                    ins.executeUpdate();
                }
            }
        }
        runs.updateCost(c, runId, currentCost(c, runId), null);
    }

    private static double agentCost(Connection c, String runId, String agent) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT cost_usd FROM run_agent_costs WHERE run_id = ? AND agent = ?")) {
            ps.setString(1, runId);
            ps.setString(2, agent);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getDouble(1) : 0;
            }
        }
    }

    private static double currentCost(Connection c, String runId) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT COALESCE(SUM(cost_usd), 0) FROM run_agent_costs WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getDouble(1);
            }
        }
    }

    /** approvals.json holds every gate of the run with who decided, when and why. */
    private void writeApprovalsFile(Connection c, String runId) throws SQLException, IOException {
        List<ApprovalRow> gates = approvals.list(c, null, runId, 1000, 0);
        Path dir = files.runDir(runId);
        var root = Json.object().put("run_id", runId);
        root.set(
                "gates",
                Json.MAPPER.valueToTree(gates.stream().map(ApprovalJson::of).toList()));
        // Held from the write to the push: a finished run's copy may be swept meanwhile.
        try (WorkingCopy.Lease lease = files.lease(runId)) {
            Files.createDirectories(dir);
            AtomicFiles.writeString(dir.resolve("approvals.json"), Json.writePretty(root));
            // Inside the projection's transaction: if the store refuses, the event is handled again.
            files.push(runId, "approvals.json");
        }
    }
}
