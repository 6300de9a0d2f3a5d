package svc.http.openapi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the registry endpoints: datasets, models, evaluations, the costs report. */
final class RegistrySchemas {

    private RegistrySchemas() {}

    private static final Object[] DATASET = {
        "dataset_id", str("ds- and 16 hex digits, from the file's URI and SHA-256 (the same bytes give the same id)"),
        "name", nullableStr("the file's name, when uploaded"),
        "format", Schema.enumOf("csv", "jsonl").orNull(),
        "uri", str("where the file is"),
        "sha256", str(null),
        "size_bytes", integer().orNull(),
        "rows", integer().orNull(),
        "columns", Schema.array(str(null)).orNull(),
        "consent_doc_ref", nullableStr(null),
        "created_at", Schema.dateTime(),
        "uploaded_by", nullableStr(null),
        "uploaded", bool()
    };

    private static final Object[] MODEL = {
        "model_id", str("model-<run hex>-<candidate>"),
        "run_id", str(null),
        "dataset_id", nullableStr(null),
        "learner", nullableStr("the candidate the run selected, e.g. xgboost or linear+reweighing"),
        "created_at", Schema.dateTime(),
        "task", nullableStr("binary, multiclass or regression"),
        "target", nullableStr(null),
        "test", object().orNull().describedAs("headline test figures (accuracy, roc_auc, ... or rmse, r2)"),
        "fairness_passed", bool().orNull(),
        "current", bool().describedAs("still its run's model (a run may replace its selection)"),
        "run_state", nullableStr(null)
    };

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put(
                "DatasetUploadForm",
                object(
                        new String[] {"file"},
                        "file",
                        new Schema(null, "string", "binary", "the CSV or JSONL file", null, null, null, null, null),
                        "name",
                        str("the file's name (default: the part's file name)"),
                        "consent_doc_ref",
                        str("the consent document the data was collected under")));
        s.put("Dataset", object(new String[] {"dataset_id", "uri", "sha256", "created_at", "uploaded"}, DATASET));
        s.put(
                "DatasetDetail",
                object(
                        new String[] {"dataset_id", "uri", "sha256", "created_at", "uploaded", "runs", "models"},
                        concat(
                                DATASET,
                                "runs",
                                Schema.array(object(
                                        new String[] {"run_id", "state"},
                                        "run_id",
                                        str(null),
                                        "state",
                                        str(null),
                                        "template",
                                        str(null),
                                        "created_at",
                                        Schema.dateTime())),
                                "models",
                                Schema.array(object(
                                        new String[] {"model_id", "run_id"},
                                        "model_id",
                                        str(null),
                                        "run_id",
                                        str(null),
                                        "learner",
                                        nullableStr(null),
                                        "created_at",
                                        Schema.dateTime())))));
        s.put("Model", object(new String[] {"model_id", "run_id", "created_at", "current"}, MODEL));
        s.put(
                "ModelDetail",
                object(
                        new String[] {"model_id", "run_id", "created_at", "current", "lineage"},
                        concat(
                                MODEL,
                                "metrics",
                                object().orNull()
                                        .describedAs(
                                                "the run's metrics.json (test, validation, candidates," + " split)"),
                                "fairness",
                                object().orNull().describedAs("fairness.json: gate_passed, per-attribute figures"),
                                "model_card",
                                nullableStr("model_card.md (Markdown)"),
                                "run",
                                object().orNull().describedAs("the run that trained it"),
                                "dataset",
                                Schema.ref("Dataset"),
                                "lineage",
                                object(
                                        new String[] {"model", "deployments"},
                                        "dataset",
                                        object().orNull(),
                                        "model",
                                        object(),
                                        "deployments",
                                        Schema.array(object())),
                                "split",
                                object().orNull().describedAs("dataset_sha256, seed, row counts, test_rows_sha256"),
                                "note",
                                nullableStr("why figures are missing"))));
        s.put(
                "Evaluation",
                object(
                        new String[] {"model_id", "run_id", "split"},
                        "model_id",
                        str(null),
                        "run_id",
                        str(null),
                        "split",
                        Schema.enumOf("test", "validation"),
                        "rows",
                        integer().orNull(),
                        "metrics",
                        object(),
                        "fairness",
                        object().orNull().describedAs("test split only"),
                        "drift",
                        object().orNull().describedAs("test split only: PSI of training against test rows"),
                        "partition",
                        object().orNull()));
        Schema side = object(
                new String[] {"model"},
                "model",
                Schema.ref("Model"),
                "partition",
                object().orNull(),
                "note",
                str(null));
        s.put(
                "Comparison",
                object(
                        new String[] {"a", "b", "same_test_split", "comparable", "reason", "differences"},
                        "a",
                        side,
                        "b",
                        side,
                        "same_test_split",
                        bool(),
                        "comparable",
                        bool(),
                        "reason",
                        str("why they are comparable, or why not"),
                        "differences",
                        Schema.array(object(
                                new String[] {"metric", "a", "b", "difference", "better"},
                                "metric",
                                str(null),
                                "a",
                                number(),
                                "b",
                                number(),
                                "difference",
                                number().describedAs("b - a"),
                                "better",
                                Schema.enumOf("a", "b", "equal")))));
        s.put(
                "CostReport",
                object(
                        new String[] {"group_by", "currency", "total_usd", "groups"},
                        "from",
                        Schema.dateTime().orNull(),
                        "to",
                        Schema.dateTime().orNull(),
                        "group_by",
                        Schema.enumOf("agent", "run", "model", "provider"),
                        "currency",
                        str(null),
                        "total_usd",
                        number(),
                        "groups",
                        Schema.array(object(
                                new String[] {"key", "cost_usd", "runs"},
                                "key",
                                str("the agent, run id, model or provider; unknown when not recorded"),
                                "cost_usd",
                                number(),
                                "runs",
                                integer()))));
        for (String item : new String[] {"Dataset", "Model", "Evaluation"}) {
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

    private static Object[] concat(Object[] head, Object... tail) {
        List<Object> all = new ArrayList<>(Arrays.asList(head));
        all.addAll(Arrays.asList(tail));
        return all.toArray();
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }

    /** A free-form object. */
    private static Schema object() {
        return Schema.of("object");
    }

    private static Schema str(String description) {
        return description == null ? Schema.of("string") : Schema.string(description);
    }

    private static Schema nullableStr(String description) {
        return str(description).orNull();
    }

    private static Schema integer() {
        return Schema.of("integer");
    }

    private static Schema number() {
        return Schema.of("number");
    }

    private static Schema bool() {
        return Schema.of("boolean");
    }
}
