package svc.core.tools.ml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import svc.config.Json;
import svc.core.tools.SimpleTool;
import svc.core.tools.Tool;
import svc.core.tools.ToolContext;
import svc.core.tools.ToolResult;
import svc.ml.drift.DriftReport;
import svc.ml.fairness.FairnessReport;
import svc.ml.report.AuditPdfWriter;
import svc.ml.report.ModelCardWriter;
import svc.ml.report.RunReport;
import svc.ml.report.SignatureBlock;

/** The quality team's tools: the model card, the signed audit PDF and the artefact review. */
final class ReportTools {

    private static final Logger LOG = LoggerFactory.getLogger(ReportTools.class);

    /** What every finished evaluation leaves behind, and what reads each file back. */
    private static final List<String> REQUIRED =
            List.of("metrics.json", "fairness.json", "drift.json", "shap.json", "model/manifest.json");

    private ReportTools() {}

    static List<Tool> all(AuditSigner signer) {
        return List.of(
                new SimpleTool(
                        "write_model_card",
                        "Write model_card.md (Model Cards for Model Reporting sections) from the "
                                + "run's metrics, fairness, drift and SHAP artefacts.",
                        SimpleTool.schema(),
                        ReportTools::modelCard),
                new SimpleTool(
                        "export_audit_pdf",
                        "Render the audit PDF (summary, data profile, metrics, fairness, drift, "
                                + "SHAP chart, approvals, lineage) and sign it.",
                        SimpleTool.schema(),
                        (ctx, args) -> auditPdf(ctx, signer)),
                new SimpleTool(
                        "review_artifacts",
                        "Check that the run's evidence exists, parses and agrees with itself (same "
                                + "model everywhere, gates recorded).",
                        SimpleTool.schema(),
                        ReportTools::review));
    }

    private static ToolResult modelCard(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunReport report = runReport(ws);
        String card = ModelCardWriter.render(report);
        ws.writeString("model_card.md", card);
        ObjectNode out = Json.object()
                .put("summary", "model_card.md written (" + card.length() + " characters) for " + report.learner());
        return ToolResult.ok(out, Map.of("artifacts.model_card", true));
    }

    private static ToolResult auditPdf(ToolContext ctx, AuditSigner signer) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        RunReport report = runReport(ws);
        SignatureBlock signature = sign(report, signer, ws, ctx.runId());
        byte[] pdf = AuditPdfWriter.render(report, signature);
        writePdf(ws, signer, pdf);
        ObjectNode out = Json.object()
                .put(
                        "summary",
                        "audit.pdf written (" + pdf.length / 1024 + " KB, "
                                + (signature == null ? "unsigned" : "signed with " + signature.algorithm()) + ")");
        out.put("bytes", pdf.length).put("signed", signature != null);
        return ToolResult.ok(out, Map.of("artifacts.audit_pdf", true, "audit.signed", signature != null));
    }

    /** Signs {@code report}'s unsigned rendering; null (an unsigned PDF) when signing fails. */
    private static SignatureBlock sign(RunReport report, AuditSigner signer, RunWorkspace ws, String runId) {
        try {
            return signer.sign(AuditPdfWriter.bytesToSign(report), ws.file("audit.pdf"));
        } catch (Exception e) {
            // G11: a signing failure must not cost the evidence; the PDF is written unsigned.
            LOG.warn("signing the audit PDF of run {} failed, writing it unsigned: {}", runId, e.getMessage());
            return null;
        }
    }

    /** Renders, signs and writes {@code audit.pdf} (and its signing sidecars); answers the file. */
    static Path writeAuditPdf(RunWorkspace ws, RunReport report, AuditSigner signer, String runId) {
        SignatureBlock signature = sign(report, signer, ws, runId);
        writePdf(ws, signer, AuditPdfWriter.render(report, signature));
        return ws.file("audit.pdf");
    }

    private static void writePdf(RunWorkspace ws, AuditSigner signer, byte[] pdf) {
        Path file = ws.file("audit.pdf");
        try {
            signer.write(file, pdf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static ToolResult review(ToolContext ctx, JsonNode args) {
        RunWorkspace ws = new RunWorkspace(ctx.runDir());
        List<String> missing = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String f : REQUIRED) {
            if (!ws.has(f)) {
                missing.add(f);
            }
        }
        if (missing.isEmpty()) {
            String selected = ws.selectedName();
            String inMetrics =
                    ws.readJson("metrics.json").path("model").path("candidate").asText();
            if (!selected.equals(inMetrics)) {
                problems.add("metrics.json describes " + inMetrics + " but the selected model is " + selected
                        + ": evaluate again");
            }
            JsonNode fairness = ws.readJson("fairness.json");
            if (fairness.path("gate_passed").isBoolean()
                    && !fairness.path("gate_passed").asBoolean()) {
                problems.add("the fairness gate failed (demographic parity difference "
                        + fairness.path("max_demographic_parity_difference").asDouble()
                        + "): a reviewer must accept this at the deploy gate");
            }
            if (!ws.readJson("drift.json").has("max_psi")) {
                problems.add("drift.json has no max_psi");
            }
        }
        for (String optional : List.of("model_card.md", "audit.pdf")) {
            if (!ws.has(optional)) {
                missing.add(optional);
            }
        }
        boolean ok = missing.isEmpty() && problems.stream().noneMatch(p -> p.contains("evaluate again"));
        ObjectNode out = Json.object().put("complete", ok);
        out.set("missing", Json.MAPPER.valueToTree(missing));
        out.set("findings", Json.MAPPER.valueToTree(problems));
        out.put(
                "summary",
                ok
                        ? "evidence complete" + (problems.isEmpty() ? "" : "; notes: " + String.join("; ", problems))
                        : "evidence incomplete: missing " + missing + " " + problems);
        ws.writeJson("work/review.json", out);
        return ok
                ? ToolResult.ok(out, Map.of("review.complete", true))
                : new ToolResult(false, Json.write(out), Map.of("review.complete", false));
    }

    /** Everything the card and the PDF report, gathered from the run's files. */
    static RunReport runReport(RunWorkspace ws) {
        JsonNode brief = ws.brief();
        JsonNode inspection = ws.readJson("work/inspection.json");
        JsonNode metrics = ws.readJson("metrics.json");
        RunWorkspace.Prepared p = ws.prepared();
        JsonNode profile = ws.readJson("profile.json");
        List<RunReport.ColumnProfile> columns = new ArrayList<>();
        for (JsonNode c : profile.path("columns")) {
            columns.add(new RunReport.ColumnProfile(
                    c.path("name").asText(),
                    c.path("type").asText().toLowerCase(),
                    c.path("missingShare").asDouble(),
                    c.path("cardinality").asLong()));
        }
        Double positiveRate = null;
        if (p.labels().size() == 2) {
            for (JsonNode b : profile.path("targetBalance")) {
                if (b.path("value").asText().equals(p.labels().get(1))) {
                    positiveRate = b.path("share").asDouble();
                }
            }
        }
        String datasetName = ws.datasetPath().getFileName().toString();
        RunReport.DatasetSummary dataset = new RunReport.DatasetSummary(
                datasetName,
                ws.datasetPath().toString(),
                inspection.path("rows").asLong(),
                inspection.path("columns").asInt(),
                ws.datasetSha256(),
                p.train().length,
                p.validation().length,
                p.test().length,
                "stratified 70/15/15, seed " + p.seed(),
                positiveRate,
                columns);
        List<RunReport.Candidate> candidates = new ArrayList<>();
        for (JsonNode c : metrics.path("candidates")) {
            candidates.add(new RunReport.Candidate(
                    c.path("candidate").asText(), strings(c.path("params")), numbers(c.path("validation"))));
        }
        FairnessReport fairness =
                ws.has("fairness.json") && ws.readJson("fairness.json").has("attributes")
                        ? FairnessReport.fromJson(json(ws, "fairness.json"))
                        : null;
        DriftReport drift = ws.has("drift.json") ? DriftReport.fromJson(json(ws, "drift.json")) : null;
        List<RunReport.ShapFeature> shap = new ArrayList<>();
        if (ws.has("shap.json")) {
            for (JsonNode f : ws.readJson("shap.json").path("global_importance")) {
                if (shap.size() < 10) {
                    shap.add(new RunReport.ShapFeature(
                            f.path("feature").asText(), f.path("mean_abs_shap").asDouble()));
                }
            }
        }
        List<RunReport.Approval> approvals = new ArrayList<>();
        if (ws.has("approvals.json")) {
            for (JsonNode g : ws.readJson("approvals.json").path("gates")) {
                if (g.hasNonNull("decided_at")) {
                    approvals.add(new RunReport.Approval(
                            g.path("type").asText() + " (" + g.path("gate_id").asText() + ")",
                            g.path("decided_by").asText(null),
                            Instant.parse(g.get("decided_at").asText()),
                            g.path("state").asText(),
                            g.path("rationale").asText(null)));
                }
            }
        }
        String model = metrics.path("model").path("candidate").asText();
        String deploymentId = ws.has("deployment.json")
                ? ws.readJson("deployment.json").path("deployment_id").asText(null)
                : null;
        RunReport.Lineage lineage = new RunReport.Lineage(
                ws.datasetId(), modelId(brief.path("runId").asText(), model), deploymentId);
        return new RunReport(
                brief.path("runId").asText(),
                brief.path("problem").asText(),
                dataset,
                p.target(),
                p.task(),
                model,
                strings(metrics.path("model").path("params")),
                numbers(metrics.path("test")),
                numbers(metrics.path("validation")),
                candidates,
                fairness,
                drift,
                shap,
                approvals,
                lineage,
                Instant.now(),
                inspection.path("target_reason").asText(null),
                p.droppedColumns());
    }

    static String modelId(String runId, String candidate) {
        return ModelIds.of(runId, candidate);
    }

    private static String json(RunWorkspace ws, String name) {
        return Json.write(ws.readJson(name));
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = object.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : Json.write(e.getValue()));
        }
        return out;
    }

    /** The scalar metrics of a metrics block (rows, matrices and bins are left to the JSON). */
    private static Map<String, Double> numbers(JsonNode object) {
        Map<String, Double> out = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = object.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNumber() && !e.getKey().equals("rows")) {
                out.put(e.getKey(), e.getValue().asDouble());
            }
        }
        return out;
    }
}
