package svc.core.retention;

import java.util.List;
import svc.governance.signing.ArtefactSigning;
import svc.persistence.store.WorkingCopy;

/**
 * {@code audit_pdfs}: a finished run's signed audit PDF ({@code audit.pdf}) and its signing
 * sidecars (detached signature, certificate, receipt) once the run ended more than
 * {@code audit_pdfs_days} ago. A PDF re-exported later (the {@code audit_pdf} cron job) is the
 * same run's record and goes by the same rule.
 */
final class AuditPdfPruner extends RunDataPruner {

    static final String KIND = "audit_pdfs";
    static final String PDF = "audit.pdf";
    private static final List<String> FILES = List.of(
            PDF,
            PDF + ArtefactSigning.SIGNATURE_SUFFIX,
            PDF + ArtefactSigning.CERTIFICATE_SUFFIX,
            PDF + ArtefactSigning.RECEIPT_SUFFIX);

    private final WorkingCopy files;

    AuditPdfPruner(WorkingCopy files) {
        this.files = files;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    void prune(PruneContext ctx, FinishedRun run) throws Exception {
        int days = ctx.days(run, RetentionClass.AUDIT_PDFS);
        if (!ctx.due(run.endedAt(), days)) {
            return;
        }
        double age = ctx.ageDays(run);
        int deleted = 0;
        for (String name : FILES) {
            if (FilePruning.delete(
                    ctx,
                    files,
                    run.runId() + "/" + name,
                    path -> Deletion.file(run, KIND, RetentionClass.AUDIT_PDFS, days, age, path))) {
                deleted++;
            }
        }
        if (deleted > 0) {
            ctx.noteOnRun(run.runId(), KIND, deleted + " file(s): " + PDF + " and its signing sidecars", false);
        }
    }
}
