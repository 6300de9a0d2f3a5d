package svc.core.retention;

/**
 * One thing a pruner deleted (or, in a dry run, would delete).
 *
 * @param runId the run it belonged to (predictions: the run of the deployed model), or null
 * @param artefactKind the pruner's kind
 * @param retentionClass the class whose days applied ({@code conversations_days}, ...)
 * @param days those days
 * @param ageDays how old it was, in days (a run's data: since the run ended)
 * @param path a deleted file's key in the artefact store ({@code <run_id>/<name>}); null for rows
 * @param rows the deleted rows: a journal's persistence id (a trailing {@code *} for a prefix), or
 *     a table and its filter ({@code shadow_predictions deployment_id=...}); null for files
 * @param count 1 for a file, the number of rows otherwise
 */
public record Deletion(
        String runId,
        String artefactKind,
        String retentionClass,
        int days,
        double ageDays,
        String path,
        String rows,
        long count) {

    public static Deletion file(FinishedRun run, String kind, RetentionClass c, int days, double age, String path) {
        return new Deletion(run.runId(), kind, c.key(), days, age, path, null, 1);
    }

    public static Deletion rows(
            FinishedRun run, String kind, RetentionClass c, int days, double age, String rows, long count) {
        return new Deletion(run.runId(), kind, c.key(), days, age, null, rows, count);
    }
}
