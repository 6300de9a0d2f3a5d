package svc.core.tools.ml;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.core.readside.RunSeal;
import svc.ml.report.RunReport;
import svc.persistence.lineage.LineageRepository;
import svc.persistence.store.WorkingCopy;

/**
 * The audit PDF a run keeps, signed after the run's end. The quality team exports it before the
 * deploy gate (reviewers read it to decide), so that copy cannot know the decision or the
 * deployment; when the run has succeeded, past its last gate and its deployment's registration,
 * the run projection calls this, and the PDF is rendered again from the run's files, with every
 * gate's decision from {@code approvals.json} (who, when, rationale) and the registered chain of
 * the run's deployment ({@code chain_for_deployment}), signed, and written over the earlier one.
 *
 * <p>Only a run that exported an audit PDF gets one here: a workflow without a quality stage, or
 * a platform with other tools, keeps what it has. Projected at least once per succeeded run, so a
 * crash after {@code RunSucceeded} re-renders on the next start; the same files give the same
 * PDF but for the signing time.
 */
public final class FinalAudit implements RunSeal {

    private static final Logger LOG = LoggerFactory.getLogger(FinalAudit.class);

    private final WorkingCopy files;
    private final AuditSigner signer;
    private final LineageRepository lineage = new LineageRepository();

    public FinalAudit(WorkingCopy files, AuditSigner signer) {
        this.files = files;
        this.signer = signer;
    }

    @Override
    public void succeeded(Connection c, String runId) {
        try (WorkingCopy.Lease lease = files.lease(runId)) {
            // Only a run that exported a PDF is re-signed; asking the store first keeps a node that
            // catches up on other runs' ends from copying their whole run folders to its disk.
            if (!files.store().exists(runId + "/audit.pdf")) {
                return;
            }
            files.pull(runId);
            RunWorkspace ws = new RunWorkspace(files.runDir(runId));
            if (!ws.has("audit.pdf") || !ws.has("metrics.json")) {
                return;
            }
            RunReport report = ReportTools.runReport(ws);
            RunReport.Lineage l = report.lineage();
            Optional<LineageRepository.Chain> chain =
                    l.deploymentId() == null ? Optional.empty() : lineage.chainForDeployment(c, l.deploymentId());
            RunReport sealed = chain.map(ch -> withChain(report, ch)).orElse(report);
            Path pdf = ReportTools.writeAuditPdf(ws, sealed, signer, runId);
            files.push(runId);
            LOG.info(
                    "audit PDF of run {} signed after its end: {} approval(s), deployment {} ({} bytes)",
                    runId,
                    sealed.approvals().size(),
                    l.deploymentId() == null ? "none" : l.deploymentId(),
                    Files.size(pdf));
        } catch (Exception e) {
            // The projection goes on for every other run; the PDF from the quality stage stays.
            LOG.error("could not re-sign the audit PDF of run {} after its end: {}", runId, e.toString());
        }
    }

    private static RunReport withChain(RunReport r, LineageRepository.Chain ch) {
        RunReport.Lineage l = r.lineage();
        RunReport.Lineage chained = new RunReport.Lineage(
                ch.datasetId() != null ? ch.datasetId() : l.datasetId(),
                ch.modelId(),
                ch.deploymentId(),
                new RunReport.Deployed(
                        ch.environment(),
                        ch.trafficPct(),
                        ch.runId(),
                        ch.learner(),
                        ch.datasetUri(),
                        ch.datasetSha256(),
                        ch.consentDocRef()));
        return new RunReport(
                r.runId(),
                r.problemStatement(),
                r.dataset(),
                r.target(),
                r.task(),
                r.learner(),
                r.params(),
                r.testMetrics(),
                r.validationMetrics(),
                r.candidates(),
                r.fairness(),
                r.drift(),
                r.topShapFeatures(),
                r.approvals(),
                chained,
                r.createdAt(),
                r.targetReason(),
                r.droppedColumns());
    }
}
