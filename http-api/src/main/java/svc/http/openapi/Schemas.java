package svc.http.openapi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import svc.core.run.RunState;
import svc.http.openapi.OpenApi.Schema;

/** The component schemas of {@code /openapi.json}. */
final class Schemas {

    private Schemas() {}

    static Map<String, Schema> all() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put(
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
        s.put("Login", object(new String[] {"email", "password"}, "email", str(null), "password", str(null)));
        s.put(
                "Token",
                object(new String[] {"token"}, "token", str("HS256 JWT, 24 h; claims sub, role, iat, exp, jti")));
        s.put(
                "NewUser",
                object(
                        new String[] {"email", "password", "role"},
                        "email",
                        str(null),
                        "password",
                        str("8 characters or more"),
                        "role",
                        enumOf("viewer", "operator", "admin")));
        s.put(
                "User",
                object(
                        new String[] {"email", "role"},
                        "email",
                        str(null),
                        "role",
                        str(null),
                        "created_at",
                        dateTime()));
        s.put(
                "StartPipeline",
                object(
                        new String[] {"problem"},
                        "problem",
                        str("problem statement"),
                        "dataset_path",
                        str("a path the server can read; give this or dataset_id"),
                        "dataset_id",
                        str("an uploaded dataset (POST /api/v1/datasets); give this or dataset_path"),
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
        s.put(
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
        s.put(
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
                        nullable(str(null)),
                        "dataset_id",
                        nullable(str("the uploaded dataset it was started from, else its file's lineage id once read")),
                        "pruned",
                        array(ref("PruneNote"))));
        s.put(
                "PruneNote",
                object(
                        new String[] {"kind", "at", "detail"},
                        "kind",
                        enumOf("conversations", "agent_events", "audit_pdfs", "run_events"),
                        "at",
                        dateTime(),
                        "detail",
                        str(null)));
        s.put(
                "Decision",
                object(new String[] {"decision"}, "decision", enumOf("approve", "reject"), "rationale", str(null)));
        s.put(
                "Artifact",
                object(
                        new String[] {"name", "size", "sha256"},
                        "name",
                        str("relative path, e.g. k8s/deployment.yaml"),
                        "size",
                        integer(),
                        "sha256",
                        str(null)));
        s.put(
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
        s.put(
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
        s.put("FeatureChange", object(new String[] {"enabled"}, "enabled", bool()));
        s.put("NamedFeatureChange", object(new String[] {"name", "enabled"}, "name", str(null), "enabled", bool()));
        s.put(
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
            s.put(
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
        Schema stream = object(
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
                array(freeform()),
                "is_error",
                bool(),
                "node",
                str(null),
                "gate_id",
                str(null),
                "state",
                str(null),
                "reason",
                str(null),
                "pruned",
                array(str("an artefact kind retention deleted (the final message of a pruned run)")));
        stream = stream.describedAs(
                "One WebSocket text frame. Agent messages carry agent and seq (the conversation line).");
        s.put("StreamMessage", stream);
        s.put(
                "WorkflowGraph",
                object(
                        new String[] {"name", "start", "nodes", "edges"},
                        "name",
                        str(null),
                        "description",
                        str(null),
                        "start",
                        str("the id of the first node"),
                        "nodes",
                        array(freeform().describedAs("{id, type: stage|router|checkpoint, team?, goal?, gate_type?}")),
                        "edges",
                        array(freeform().describedAs("{source, target, priority, metadata}"))));
        s.put("Health", object(new String[] {"status"}, "status", str(null)));
        s.put(
                "Readiness",
                object(new String[] {"status", "checks"}, "status", enumOf("ok", "degraded"), "checks", freeform()));
        s.put(
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
                        freeform(),
                        "navigation",
                        array(freeform()),
                        "demo_presets",
                        array(freeform()),
                        "pipeline_options",
                        freeform(),
                        "compliance_badges",
                        array(str(null))));
        s.put("OpenApiDocument", freeform());
        s.put(
                "ConfigValue",
                object(
                        new String[] {"value", "origin"},
                        "value",
                        Schema.any("the resolved value; a secret's as ***"),
                        "origin",
                        str("default, template:<ref>, deployment:<name>, settings:<project path> or env:<VARIABLE>"),
                        "origins",
                        array(str(null))
                                .describedAs("for a list the layers join (the egress allowlist): every layer"
                                        + " that added to it, lowest first")));
        s.put(
                "EffectiveConfig",
                Schema.mapOf(ref("ConfigValue"))
                        .describedAs("every key of the resolved configuration (e.g. svc.http.port), sorted"));
        s.put(
                "ToolInvocation",
                object(
                        new String[] {"agent", "tool"},
                        "agent",
                        str("the roster agent the call is made as"),
                        "tool",
                        str(null),
                        "arguments",
                        freeform(),
                        "run_id",
                        str("run whose directory and profile apply; a scratch run when absent")));
        s.put(
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
                        freeform(),
                        "facts",
                        freeform()));
        s.put(
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
                                freeform(),
                                "requested_at",
                                dateTime(),
                                "completed_at",
                                dateTime(),
                                "signature",
                                str("SHA-256 (hex) over the sorted-key JSON of the receipt without this field"))));
        s.putAll(JobSchemas.all());
        s.putAll(NotificationSchemas.all());
        s.putAll(RegistrySchemas.all());
        s.putAll(DeploymentSchemas.all());
        s.putAll(ClusterSchemas.all());
        s.putAll(KnowledgeSchemas.all());
        s.putAll(PluginSchemas.all());
        s.putAll(AuthSchemas.all());
        s.putAll(AtRestSchemas.all());
        return s;
    }

    private static Schema object(String[] required, Object... props) {
        return Schema.object(List.of(required), props);
    }

    private static Schema freeform() {
        return Schema.of("object");
    }

    private static Schema str(String description) {
        return description == null ? Schema.of("string") : Schema.string(description);
    }

    private static Schema dateTime() {
        return Schema.dateTime();
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

    private static Schema nullable(Schema schema) {
        return schema.orNull();
    }

    private static Schema ref(String name) {
        return Schema.ref(name);
    }

    private static Schema array(Schema items) {
        return Schema.array(items);
    }

    private static Schema enumOf(String... values) {
        return Schema.enumOf(values);
    }
}
