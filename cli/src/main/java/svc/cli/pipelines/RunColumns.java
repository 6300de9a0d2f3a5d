package svc.cli.pipelines;

import java.util.List;
import svc.cli.client.Column;

/** The {@code --table} view of run records, shared by the commands that list runs. */
final class RunColumns {

    static final List<Column> ALL = List.of(
            Column.field("RUN_ID", "run_id"),
            Column.field("STATE", "state"),
            Column.field("TEMPLATE", "template"),
            Column.field("NODE", "current_node"),
            new Column(
                    "GATES", run -> Integer.toString(run.path("pending_gates").size())),
            Column.field("CREATED_AT", "created_at"),
            Column.field("PROBLEM", "problem"));

    private RunColumns() {}
}
