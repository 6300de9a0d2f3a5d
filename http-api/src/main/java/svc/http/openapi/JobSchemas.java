package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the job endpoints: batches, cron jobs and the retention sweep. */
final class JobSchemas {

    private JobSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        Schema state = Schema.enumOf("running", "succeeded", "failed", "cancelled");
        s.put(
                "Batch",
                object(
                        new String[] {"batch_id", "kind", "state", "total", "processed", "errors", "created_at"},
                        "batch_id",
                        str(null),
                        "kind",
                        Schema.enumOf("inference", "echo", "custom"),
                        "run_id",
                        Schema.of("string").orNull(),
                        "tool",
                        Schema.of("string").orNull(),
                        "state",
                        state,
                        "total",
                        integer(),
                        "processed",
                        integer(),
                        "errors",
                        integer(),
                        "created_at",
                        Schema.dateTime(),
                        "updated_at",
                        Schema.dateTime(),
                        "failure",
                        Schema.of("string").orNull()));
        s.put(
                "SubmitBatch",
                object(
                        new String[] {"kind"},
                        "kind",
                        Schema.enumOf("inference", "echo", "custom"),
                        "model",
                        str("inference: a saved model's directory, or a run id (its model/)"),
                        "run_id",
                        str("custom: the run whose directory and profile the tool works in"),
                        "input_path",
                        str("JSONL the server can read; or give records"),
                        "records",
                        Schema.array(Schema.of("object")),
                        "tool",
                        str("custom: the tool run per record (the record is its arguments)"),
                        "agent",
                        str("custom: the roster agent it runs as (default: the first that has the tool)")));
        s.put(
                "RunBatch",
                withoutRequired(
                        "input_path",
                        str("JSONL the server can read; or give records"),
                        "records",
                        Schema.array(Schema.of("object"))));
        s.put(
                "BatchList",
                object(
                        new String[] {"items", "total", "limit", "offset"},
                        "items",
                        Schema.array(Schema.ref("Batch")),
                        "total",
                        integer(),
                        "limit",
                        integer(),
                        "offset",
                        integer()));
        s.put(
                "BatchMessage",
                object(
                        new String[] {"type", "batch_id"},
                        "type",
                        Schema.enumOf("status", "record", "checkpoint", "state"),
                        "batch_id",
                        str(null),
                        "index",
                        integer(),
                        "ok",
                        Schema.of("boolean"),
                        "state",
                        state,
                        "total",
                        integer(),
                        "processed",
                        integer(),
                        "errors",
                        integer(),
                        "failure",
                        str(null)));
        s.put(
                "NewCronJob",
                object(
                        new String[] {"name", "schedule", "kind"},
                        "name",
                        str("lower-case letters, digits, '_', '.', '-'"),
                        "schedule",
                        str("five-field cron expression, e.g. */15 * * * *"),
                        "timezone",
                        str("IANA zone (default UTC)"),
                        "kind",
                        Schema.enumOf("retrain", "drift_check", "audit_pdf", "custom"),
                        "params",
                        Schema.of("object")));
        s.put(
                "CronJob",
                object(
                        new String[] {"name", "schedule", "timezone", "kind", "params", "created_at", "last_slot"},
                        "name",
                        str(null),
                        "schedule",
                        str(null),
                        "timezone",
                        str(null),
                        "kind",
                        Schema.enumOf("retrain", "drift_check", "audit_pdf", "custom", "retention")
                                .describedAs("retention: the built-in daily sweep svc.retention"),
                        "params",
                        Schema.of("object"),
                        "created_by",
                        Schema.of("string").orNull(),
                        "created_at",
                        Schema.dateTime(),
                        "last_slot",
                        Schema.dateTime().describedAs("the last schedule slot fired")));
        s.put(
                "CronRun",
                object(
                        new String[] {"id", "name", "trigger", "status", "started_at", "duration_ms"},
                        "id",
                        integer(),
                        "name",
                        str(null),
                        "slot",
                        Schema.dateTime().orNull(),
                        "trigger",
                        Schema.enumOf("schedule", "manual"),
                        "status",
                        Schema.enumOf("succeeded", "failed", "skipped"),
                        "started_at",
                        Schema.dateTime(),
                        "duration_ms",
                        integer(),
                        "output",
                        Schema.of("string").orNull()));
        s.put(
                "RetentionReport",
                object(
                        new String[] {"at", "dry_run", "totals", "pruned", "failures"},
                        "at",
                        Schema.dateTime().describedAs("the time ages were measured against"),
                        "dry_run",
                        Schema.of("boolean"),
                        "totals",
                        Schema.of("object").describedAs("files and journal rows by artefact kind"),
                        "pruned",
                        Schema.array(Schema.ref("RetentionDeletion")),
                        "failures",
                        Schema.array(str(null))));
        s.put(
                "RetentionDeletion",
                object(
                        new String[] {"artefact_kind", "class", "days", "age_days", "count"},
                        "run_id",
                        str(null),
                        "artefact_kind",
                        Schema.enumOf(
                                "conversations",
                                "agent_events",
                                "audit_pdfs",
                                "run_events",
                                "shadow_predictions",
                                "served_predictions"),
                        "class",
                        Schema.enumOf(
                                "conversations_days", "run_events_days", "audit_pdfs_days", "shadow_predictions_days"),
                        "days",
                        integer(),
                        "age_days",
                        Schema.of("number"),
                        "path",
                        str("a deleted file's key in the artefact store, <run_id>/<name>"),
                        "rows",
                        str("deleted rows: a journal's persistence id (a trailing * for a prefix), or a table"
                                + " and its filter"),
                        "count",
                        integer()));
        for (String item : new String[] {"CronJob", "CronRun"}) {
            s.put(
                    item + "List",
                    object(
                            new String[] {"items", "total", "limit", "offset"},
                            "items",
                            Schema.array(Schema.ref(item)),
                            "total",
                            integer(),
                            "limit",
                            integer(),
                            "offset",
                            integer()));
        }
        return s;
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }

    /** An object none of whose properties is required (OpenAPI 3.0 forbids an empty required list). */
    private static Schema withoutRequired(Object... props) {
        Schema o = Schema.object(List.of("x"), props);
        return new Schema(null, "object", null, null, null, null, null, null, o.properties());
    }

    private static Schema str(String description) {
        return description == null ? Schema.of("string") : Schema.string(description);
    }

    private static Schema integer() {
        return Schema.of("integer");
    }
}
