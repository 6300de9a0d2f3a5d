package svc.core.retention;

/**
 * One thing a pruner deleted (or, in a dry run, would delete).
 *
 * @param runId the run it belonged to, or null (shadow predictions belong to a deployment)
 * @param artefactKind the pruner's kind
 * @param retentionClass the class whose days applied ({@code conversations_days}, ...)
 * @param days those days
 * @param ageDays how old it was, in days (a run's data: since the run ended)
 * @param path a deleted file's key in the artefact store ({@code <run_id>/<name>}); null for rows
 * @param journal the journal rows' persistence id (a trailing {@code *} for a prefix); null for files
 * @param count 1 for a file, the number of rows otherwise
 */
public record Deletion(
        String runId,
        String artefactKind,
        String retentionClass,
        int days,
        double ageDays,
        String path,
        String journal,
        long count) {

    public static Deletion file(FinishedRun run, String kind, RetentionClass c, int days, double age, String path) {
        return new Deletion(run.runId(), kind, c.key(), days, age, path, null, 1);
    }

    public static Deletion rows(
            FinishedRun run, String kind, RetentionClass c, int days, double age, String journal, long count) {
        return new Deletion(run.runId(), kind, c.key(), days, age, null, journal, count);
    }
}
