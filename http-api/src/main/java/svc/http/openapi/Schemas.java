package svc.http.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import svc.config.Json;
import svc.core.run.RunState;

/** The component schemas of {@code /openapi.json}. */
final class Schemas {

    private Schemas() {}

    static ObjectNode all() {
        ObjectNode s = Json.object();
        s.set(
                "Problem",
                object(
                        new String[] {"type", "title", "status", "detail", "instance", "correlation_id"},
                        "type",
                        str("URI; the last segment is a slug such as validation-error"),
                        "title",
                        str(null),
                        "status",
                        integer(),
                        "detail",
                        str(null),
                        "instance",
                        str("request path"),
                        "correlation_id",
                        str("also in X-Correlation-Id and the logs"),
                        "rule_source",
                        str("on permission denials"),
                        "errors",
                        array(str(null))));
        s.set("Login", object(new String[] {"email", "password"}, "email", str(null), "password", str(null)));
        s.set(
                "Token",
                object(new String[] {"token"}, "token", str("HS256 JWT, 24 h; claims sub, role, iat, exp, jti")));
        s.set(
                "NewUser",
                object(
                        new String[] {"email", "password", "role"},
                        "email",
                        str(null),
                        "password",
                        str("8 characters or more"),
                        "role",
                        enumOf("viewer", "operator", "admin")));
        s.set(
                "User",
                object(
                        new String[] {"email", "role"},
                        "email",
                        str(null),
                        "role",
                        str(null),
                        "created_at",
                        dateTime()));
        s.set(
                "StartPipeline",
                object(
                        new String[] {"problem", "dataset_path"},
                        "problem",
                        str("problem statement"),
                        "dataset_path",
                        str("a path the server can read"),
                        "target",
                        str(null),
                        "sensitive_attributes",
                        array(str(null)),
                        "template",
                        str("default_ml_pipeline (default), fast_prototype, parallel_research"),
                        "profile",
                        str(null),
                        "workflow",
                        str("path of a customer workflow YAML")));
        s.set(
                "Gate",
                object(
                        new String[] {"gate_id", "run_id", "type", "state", "created_at"},
                        "gate_id",
                        str(null),
                        "run_id",
                        str(null),
                        "node",
                        str(null),
                        "type",
                        str(null),
                        "state",
                        enumOf("pending", "approved", "rejected", "expired"),
                        "created_at",
                        dateTime(),
                        "ttl_seconds",
                        nullable(integer()),
                        "escalate_after_seconds",
                        nullable(integer()),
                        "escalated_at",
                        nullable(dateTime()),
                        "notify_channels",
                        array(str(null)),
                        "decided_by",
                        nullable(str(null)),
                        "decided_at",
                        nullable(dateTime()),
                        "rationale",
                        nullable(str(null))));
        s.set(
                "Run",
                object(
                        new String[] {
                            "run_id",
                            "state",
                            "template",
                            "profile",
                            "problem",
                            "dataset_path",
                            "created_at",
                            "updated_at",
                            "pending_gates"
                        },
                        "run_id",
                        str(null),
                        "state",
                        enumOf(RunState.wireNames().toArray(String[]::new)),
                        "template",
                        str(null),
                        "profile",
                        str(null),
                        "problem",
                        str(null),
                        "dataset_path",
                        str(null),
                        "created_at",
                        dateTime(),
                        "updated_at",
                        dateTime(),
                        "pending_gates",
                        array(ref("Gate")),
                        "target",
                        nullable(str(null)),
                        "sensitive_attributes",
                        array(str(null)),
                        "current_node",
                        nullable(str(null)),
                        "cost_usd",
                        number(),
                        "failure",
                        nullable(str(null))));
        s.set(
                "Decision",
                object(new String[] {"decision"}, "decision", enumOf("approve", "reject"), "rationale", str(null)));
        s.set(
                "Artifact",
                object(
                        new String[] {"name", "size", "sha256"},
                        "name",
                        str("relative path, e.g. k8s/deployment.yaml"),
                        "size",
                        integer(),
                        "sha256",
                        str(null)));
        s.set(
                "Agent",
                object(
                        new String[] {"name", "team", "tier"},
                        "name",
                        str(null),
                        "team",
                        str(null),
                        "tier",
                        enumOf("director", "coordinator", "worker"),
                        "model",
                        str(null),
                        "provider",
                        str(null),
                        "tools",
                        array(str(null)),
                        "delegates",
                        array(str(null))));
        s.set(
                "Feature",
                object(
                        new String[] {"name", "enabled", "tier"},
                        "name",
                        str(null),
                        "enabled",
                        bool(),
                        "tier",
                        enumOf("INVARIANT", "FLAG", "EXPERIMENT", "USER_OVERRIDE"),
                        "default",
                        bool(),
                        "source",
                        str(null)));
        s.set("FeatureChange", object(new String[] {"enabled"}, "enabled", bool()));
        s.set("NamedFeatureChange", object(new String[] {"name", "enabled"}, "name", str(null), "enabled", bool()));
        s.set(
                "Denial",
                object(
                        new String[] {"source", "reason", "ts"},
                        "source",
                        str("rule source"),
                        "rule_id",
                        str(null),
                        "reason",
                        str(null),
                        "run_id",
                        nullable(str(null)),
                        "agent",
                        str("agent or API user"),
                        "tool",
                        str("tool or endpoint class"),
                        "ts",
                        dateTime()));
        for (String item : new String[] {"Run", "Gate", "Artifact", "Agent", "Feature", "Denial"}) {
            s.set(
                    item + "List",
                    object(
                            new String[] {"items", "total", "limit", "offset"},
                            "items",
                            array(ref(item)),
                            "total",
                            integer(),
                            "limit",
                            integer(),
                            "offset",
                            integer()));
        }
        ObjectNode stream = object(
                new String[] {"type", "run_id", "ts"},
                "type",
                enumOf(
                        "agent_message",
                        "tool_call",
                        "tool_result",
                        "training_log",
                        "task_finished",
                        "stage",
                        "gate",
                        "state",
                        "dropped"),
                "run_id",
                str(null),
                "ts",
                dateTime(),
                "agent",
                str("agent messages"),
                "seq",
                integer(),
                "role",
                str(null),
                "content",
                str(null),
                "tool",
                str(null),
                "tool_calls",
                array(Json.object().put("type", "object")),
                "is_error",
                bool(),
                "node",
                str(null),
                "gate_id",
                str(null),
                "state",
                str(null),
                "reason",
                str(null));
        stream.put(
                "description", "One WebSocket text frame. Agent messages carry agent and seq (the conversation line).");
        s.set("StreamMessage", stream);
        s.set("Health", object(new String[] {"status"}, "status", str(null)));
        s.set(
                "Readiness",
                object(
                        new String[] {"status", "checks"},
                        "status",
                        enumOf("ok", "degraded"),
                        "checks",
                        Json.object().put("type", "object")));
        s.set(
                "Branding",
                object(
                        new String[] {"product_name"},
                        "product_name",
                        str(null),
                        "subtitle",
                        str(null),
                        "tagline",
                        str(null),
                        "logo",
                        str(null),
                        "colors",
                        Json.object().put("type", "object"),
                        "navigation",
                        array(Json.object().put("type", "object")),
                        "demo_presets",
                        array(Json.object().put("type", "object")),
                        "pipeline_options",
                        Json.object().put("type", "object"),
                        "compliance_badges",
                        array(str(null))));
        s.set("OpenApiDocument", Json.object().put("type", "object"));
        s.set(
                "ToolInvocation",
                object(
                        new String[] {"agent", "tool"},
                        "agent",
                        str("the roster agent the call is made as"),
                        "tool",
                        str(null),
                        "arguments",
                        Json.object().put("type", "object"),
                        "run_id",
                        str("run whose directory and profile apply; a scratch run when absent")));
        s.set(
                "ToolInvocationResult",
                object(
                        new String[] {"agent", "tool", "ok"},
                        "agent",
                        str(null),
                        "tool",
                        str(null),
                        "ok",
                        bool(),
                        "result",
                        Json.object().put("type", "object"),
                        "facts",
                        Json.object().put("type", "object")));
        s.set(
                "ErasureResult",
                object(
                        new String[] {"dry_run", "receipt"},
                        "dry_run",
                        bool(),
                        "receipt",
                        object(
                                new String[] {"subject_id", "dry_run", "counts", "signature"},
                                "subject_id",
                                str(null),
                                "dry_run",
                                bool(),
                                "counts",
                                Json.object().put("type", "object"),
                                "requested_at",
                                dateTime(),
                                "completed_at",
                                dateTime(),
                                "signature",
                                str("SHA-256 (hex) over the sorted-key JSON of the receipt without this field"))));
        return s;
    }

    private static ObjectNode object(String[] required, Object... props) {
        ObjectNode o = Json.object().put("type", "object");
        ArrayNode req = o.putArray("required");
        for (String r : required) {
            req.add(r);
        }
        ObjectNode p = o.putObject("properties");
        for (int i = 0; i < props.length; i += 2) {
            p.set((String) props[i], (ObjectNode) props[i + 1]);
        }
        return o;
    }

    private static ObjectNode str(String description) {
        ObjectNode o = Json.object().put("type", "string");
        if (description != null) {
            o.put("description", description);
        }
        return o;
    }

    private static ObjectNode dateTime() {
        return Json.object().put("type", "string").put("format", "date-time");
    }

    private static ObjectNode integer() {
        return Json.object().put("type", "integer");
    }

    private static ObjectNode number() {
        return Json.object().put("type", "number");
    }

    private static ObjectNode bool() {
        return Json.object().put("type", "boolean");
    }

    private static ObjectNode nullable(ObjectNode schema) {
        return schema.put("nullable", true);
    }

    private static ObjectNode ref(String name) {
        return Json.object().put("$ref", "#/components/schemas/" + name);
    }

    private static ObjectNode array(ObjectNode items) {
        ObjectNode o = Json.object().put("type", "array");
        o.set("items", items);
        return o;
    }

    private static ObjectNode enumOf(String... values) {
        ObjectNode o = Json.object().put("type", "string");
        ArrayNode e = o.putArray("enum");
        for (String v : values) {
            e.add(v);
        }
        return o;
    }
}
