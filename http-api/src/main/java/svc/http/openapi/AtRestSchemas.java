package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the at-rest endpoints. */
final class AtRestSchemas {

    private AtRestSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        Schema counts = Schema.object(
                List.of("resealed", "already_current", "clear", "failed"),
                "resealed",
                Schema.of("integer").describedAs("re-sealed under the current key (dry run: would be)"),
                "already_current",
                Schema.of("integer"),
                "clear",
                Schema.of("integer").describedAs("written before encryption was on; left as is"),
                "failed",
                Schema.of("integer"));
        s.put("ResealCounts", counts);
        s.put(
                "ResealReport",
                Schema.object(
                        List.of("dry_run", "current_key", "previous_keys", "kinds", "left", "failures", "note"),
                        "dry_run",
                        Schema.of("boolean"),
                        "current_key",
                        Schema.string("the id of SVC_KEK"),
                        "previous_keys",
                        Schema.array(Schema.string("the ids of SVC_KEK_PREVIOUS")),
                        "kinds",
                        Schema.mapOf(Schema.ref("ResealCounts"))
                                .describedAs("columns, journal_events, snapshots, run_files, batch_files"),
                        "left",
                        Schema.of("integer")
                                .describedAs("values still needing a previous key; zero: it may be removed"),
                        "failures",
                        Schema.array(Schema.string("where, and why")),
                        "note",
                        Schema.of("string")));
        return s;
    }
}
