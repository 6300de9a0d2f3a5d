package svc.core.retention;

import svc.library.template.Retention;

/** The four retention classes of a template's {@code retention:} block, each a number of days. */
public enum RetentionClass {
    CONVERSATIONS("conversations_days"),
    RUN_EVENTS("run_events_days"),
    AUDIT_PDFS("audit_pdfs_days"),
    SHADOW_PREDICTIONS("shadow_predictions_days");

    private final String key;

    RetentionClass(String key) {
        this.key = key;
    }

    /** The key in a template's or a deployment's {@code retention:} block. */
    public String key() {
        return key;
    }

    /** This class's days in {@code r}. */
    public int days(Retention r) {
        return switch (this) {
            case CONVERSATIONS -> r.conversationsDays();
            case RUN_EVENTS -> r.runEventsDays();
            case AUDIT_PDFS -> r.auditPdfsDays();
            case SHADOW_PREDICTIONS -> r.shadowPredictionsDays();
        };
    }
}
