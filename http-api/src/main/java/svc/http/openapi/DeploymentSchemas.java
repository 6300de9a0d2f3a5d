package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of the deployment and inference endpoints. */
final class DeploymentSchemas {

    private DeploymentSchemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        Schema state = Schema.enumOf("active", "challenger", "shadow", "retired");
        s.put(
                "CanaryRule",
                object(
                        new String[] {"step_pct", "max_pct", "min_samples", "alpha"},
                        "step_pct",
                        integer().describedAs("share added at each step, 1 to 99"),
                        "max_pct",
                        integer().describedAs("the challenger's ceiling, 1 to 99"),
                        "min_samples",
                        integer().describedAs("labelled answers of each of champion and challenger per decision"),
                        "alpha",
                        number().describedAs("significance level of the one-sided test, in (0, 0.5)")));
        s.put(
                "Deployment",
                object(
                        new String[] {"deployment_id", "model", "model_name", "state", "traffic_pct", "environment"},
                        "deployment_id",
                        str(null),
                        "model",
                        str("the deployed model's id (model-<run>-<candidate>)"),
                        "model_name",
                        str("the name it is deployed under"),
                        "run_id",
                        str("the run that trained it"),
                        "profile",
                        str("the profile of that run (its governance and drift bands)"),
                        "state",
                        state,
                        "traffic_pct",
                        integer().describedAs("share of requests answered; a shadow's mirrored share; 0 retired"),
                        "environment",
                        str(null),
                        "canary",
                        Schema.ref("CanaryRule"),
                        "created_by",
                        str(null),
                        "created_at",
                        Schema.dateTime(),
                        "updated_at",
                        Schema.dateTime()));
        s.put(
                "NewDeployment",
                object(
                        new String[] {"model_id", "role"},
                        "model_id",
                        str("a saved model (model-<run>-<candidate>)"),
                        "role",
                        Schema.enumOf("champion", "challenger", "shadow"),
                        "traffic_pct",
                        integer()
                                .describedAs("challenger: its share (1 to 99, required); shadow: share mirrored"
                                        + " (default 100)"),
                        "environment",
                        str("default production"),
                        "canary",
                        Schema.ref("CanaryRule")));
        s.put(
                "HistoryEntry",
                object(
                        new String[] {"seq", "at", "action", "deployment_id"},
                        "seq",
                        integer(),
                        "at",
                        Schema.dateTime(),
                        "action",
                        Schema.enumOf("deployed", "promoted", "retired", "canary_step", "canary_rollback"),
                        "deployment_id",
                        str(null),
                        "model_id",
                        str(null),
                        "state",
                        state,
                        "traffic_pct",
                        integer(),
                        "retired_deployment_id",
                        Schema.of("string").orNull().describedAs("the champion retired in the same event"),
                        "by",
                        str(null),
                        "detail",
                        Schema.of("string").orNull().describedAs("a canary decision's evidence")));
        s.put(
                "ModelDeployments",
                object(
                        new String[] {"model", "deployments", "history"},
                        "model",
                        str(null),
                        "champion",
                        Schema.ref("Deployment"),
                        "deployments",
                        Schema.array(Schema.ref("Deployment")),
                        "history",
                        Schema.array(Schema.ref("HistoryEntry"))));
        s.put(
                "ModelName",
                object(
                        new String[] {"model", "challengers", "shadows"},
                        "model",
                        str(null),
                        "champion",
                        Schema.ref("Deployment"),
                        "challengers",
                        integer(),
                        "shadows",
                        integer(),
                        "updated_at",
                        Schema.dateTime()));
        s.put(
                "ModelNameList",
                object(
                        new String[] {"items", "total", "limit", "offset"},
                        "items",
                        Schema.array(Schema.ref("ModelName")),
                        "total",
                        integer(),
                        "limit",
                        integer(),
                        "offset",
                        integer()));
        s.put(
                "DeploymentMessage",
                object(
                        new String[] {"type", "model"},
                        "type",
                        Schema.enumOf("status", "deployment", "canary", "traffic", "shadow", "drift"),
                        "model",
                        str(null),
                        "at",
                        Schema.dateTime(),
                        "deployments",
                        Schema.array(Schema.ref("Deployment")),
                        "action",
                        str("deployment, canary: as in HistoryEntry"),
                        "deployment_id",
                        str(null),
                        "served",
                        freeform().describedAs("traffic: requests per deployment since the last message"),
                        "totals",
                        freeform().describedAs("traffic: requests per deployment since the node started"),
                        "agreement",
                        number().describedAs("shadow: share of the window that agreed with the served answer"),
                        "alert",
                        Schema.of("boolean").describedAs("drift: the worst feature is moderate or significant"),
                        "band",
                        Schema.enumOf("stable", "moderate", "significant"),
                        "max_psi",
                        number(),
                        "max_psi_feature",
                        str(null),
                        "features",
                        Schema.array(freeform())));
        s.put(
                "DeploymentFigures",
                object(
                        new String[] {"deployment_id", "state", "served", "labelled"},
                        "deployment_id",
                        str(null),
                        "model_id",
                        str(null),
                        "state",
                        state,
                        "traffic_pct",
                        integer(),
                        "served",
                        integer(),
                        "labelled",
                        integer(),
                        "accuracy",
                        number().orNull(),
                        "brier",
                        number().orNull().describedAs("mean multi-class Brier score of the labelled answers"),
                        "mean_abs_error",
                        number().orNull(),
                        "shadow_compared",
                        integer().orNull(),
                        "shadow_agreement",
                        number().orNull()));
        s.put(
                "Comparison",
                object(
                        new String[] {"challenger_id", "champion_id", "test", "p_value"},
                        "challenger_id",
                        str(null),
                        "champion_id",
                        str(null),
                        "test",
                        Schema.enumOf("two_proportion_z", "fisher_exact", "none"),
                        "statistic",
                        number(),
                        "p_value",
                        number().describedAs("one-sided: the challenger is right less often than the champion"),
                        "alpha",
                        number(),
                        "significantly_worse",
                        Schema.of("boolean")));
        s.put(
                "LiveFigures",
                object(
                        new String[] {"model", "deployments", "comparisons"},
                        "model",
                        str(null),
                        "deployments",
                        Schema.array(Schema.ref("DeploymentFigures")),
                        "comparisons",
                        Schema.array(Schema.ref("Comparison"))));
        s.put(
                "PredictRequest",
                object(
                        new String[] {"rows"},
                        "rows",
                        Schema.array(freeform()).describedAs("feature objects keyed by raw feature name"),
                        "request_id",
                        str("keeps the caller on one deployment while the shares stay; feedback names it")));
        // No property is required (a class answer or a value); OpenAPI 3.0 forbids an empty list.
        Schema prediction = Schema.object(
                List.of("x"),
                "probabilities",
                freeform().describedAs("class probabilities by label"),
                "label",
                str("the decided label (classification)"),
                "value",
                number().describedAs("the predicted value (regression)"));
        s.put("Prediction", new Schema(null, "object", null, null, null, null, null, null, prediction.properties()));
        s.put(
                "PredictionAnswer",
                object(
                        new String[] {"model", "deployment_id", "model_id", "state", "request_id", "predictions"},
                        "model",
                        str(null),
                        "deployment_id",
                        str(null),
                        "model_id",
                        str(null),
                        "state",
                        Schema.enumOf("active", "challenger"),
                        "request_id",
                        str(null),
                        "predictions",
                        Schema.array(Schema.ref("Prediction"))));
        s.put(
                "FeedbackRequest",
                object(
                        new String[] {"request_id", "label"},
                        "request_id",
                        str(null),
                        "label",
                        str("the true label (a number for a regression)")));
        s.put(
                "FeedbackAnswer",
                object(
                        new String[] {"model", "request_id", "deployment_id", "labelled"},
                        "model",
                        str(null),
                        "request_id",
                        str(null),
                        "deployment_id",
                        str(null),
                        "correct",
                        Schema.of("boolean").orNull(),
                        "labelled",
                        integer()));
        return s;
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }

    private static Schema str(String description) {
        return description == null ? Schema.of("string") : Schema.string(description);
    }

    private static Schema integer() {
        return Schema.of("integer");
    }

    private static Schema number() {
        return Schema.of("number");
    }

    private static Schema freeform() {
        return Schema.of("object");
    }
}
