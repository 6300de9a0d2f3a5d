package svc.cli.batch;

import java.util.List;
import svc.cli.client.Column;

/** The table columns of a batch. */
final class BatchColumns {

    static final List<Column> ALL = List.of(
            Column.field("BATCH_ID", "batch_id"),
            Column.field("KIND", "kind"),
            Column.field("STATE", "state"),
            Column.field("PROCESSED", "processed"),
            Column.field("TOTAL", "total"),
            Column.field("ERRORS", "errors"),
            Column.field("RUN_ID", "run_id"),
            Column.field("CREATED_AT", "created_at"));

    private BatchColumns() {}
}
