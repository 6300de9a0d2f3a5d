package svc.core.cron;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import svc.config.Json;
import svc.core.datasets.DataRoots;
import svc.core.run.RunService;
import svc.core.run.RunView;
import svc.core.tools.ToolInvoker;
import svc.core.tools.ml.TrainingReference;
import svc.ml.data.Column;
import svc.ml.data.ColumnType;
import svc.ml.data.Dataset;
import svc.ml.data.DatasetReader;
import svc.ml.drift.DriftDetector;
import svc.ml.drift.DriftReport;
import svc.ml.train.RawFeature;
import svc.ml.train.TrainedModel;
import svc.persistence.store.WorkingCopy;

/**
 * What each kind of job does, on the blocking dispatcher; a thrown exception is a failed run.
 * {@code retrain}: starts a pipeline from {@code params} ({@code problem}, {@code dataset_path},
 * optional {@code target}, {@code template}, {@code profile}). {@code drift_check}: PSI of
 * {@code dataset_path} against the data the model of run {@code run_id} was trained on (its
 * training split, {@link TrainingReference}), per raw feature; above the significant band it
 * logs a drift alert and says so in the output.
 * {@code audit_pdf}: runs {@code export_audit_pdf} in run {@code run_id}. {@code custom}: runs
 * {@code tool} with {@code arguments} (as {@code agent}, in {@code run_id}) under governance.
 */
final class CronTasks {

    static final List<String> KINDS = List.of("retrain", "drift_check", "audit_pdf", "custom");

    private final RunService runs;
    private final ToolInvoker tools;
    private final WorkingCopy files;

    CronTasks(RunService runs, ToolInvoker tools, WorkingCopy files) {
        this.runs = runs;
        this.tools = tools;
        this.files = files;
    }

    /** A job's {@code dataset_path} must be a file its creator may name (DataRoots), checked when it is created. */
    void checkFiles(JsonNode params, List<String> problems) {
        if (params.hasNonNull("dataset_path")) {
            try {
                runs.dataRoots()
                        .permitted(
                                "params.dataset_path",
                                params.get("dataset_path").asText());
            } catch (DataRoots.Refused e) {
                problems.add(e.getMessage());
            }
        }
    }

    /** Runs the job; answers its output (JSON text). */
    String run(CronJob job) throws Exception {
        JsonNode p = Json.parse(job.params());
        return switch (job.kind()) {
            case "retrain" -> retrain(job, p);
            case "drift_check" -> drift(p);
            case "audit_pdf" -> tool(p.path("run_id").asText(null), null, "export_audit_pdf", Json.object());
            case "custom" ->
                tool(
                        p.path("run_id").asText(null),
                        p.path("agent").asText(null),
                        p.path("tool").asText(),
                        p.path("arguments"));
            default -> throw new IllegalArgumentException("unknown kind " + job.kind());
        };
    }

    private String retrain(CronJob job, JsonNode p) throws Exception {
        RunView run = runs.start(new RunService.StartRequest(
                        p.path("problem").asText(),
                        p.path("dataset_path").asText(),
                        p.path("target").asText(null),
                        List.of(),
                        p.path("template").asText(null),
                        p.path("profile").asText(null),
                        null,
                        "cron:" + job.name(),
                        null))
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        return Json.write(Json.object().put("run_id", run.runId()).put("state", run.state()));
    }

    private String drift(JsonNode p) throws Exception {
        String runId = p.path("run_id").asText();
        // Asked of the entity first: an unknown run is a clear failure, not a missing file.
        runs.get(runId).toCompletableFuture().get(30, TimeUnit.SECONDS);
        TrainedModel model = files.read(files.runDir(runId).resolve("model"), TrainedModel::load);
        Dataset reference = TrainingReference.of(files, runId);
        // Checked again when it runs: the roots or the file may have changed since the job was made.
        Dataset current = DatasetReader.read(runs.dataRoots()
                .permitted("dataset_path", p.path("dataset_path").asText()));
        Map<String, double[]> refNum = new LinkedHashMap<>();
        Map<String, double[]> curNum = new LinkedHashMap<>();
        Map<String, String[]> refCat = new LinkedHashMap<>();
        Map<String, String[]> curCat = new LinkedHashMap<>();
        for (RawFeature f : model.features()) {
            if (!reference.has(f.name()) || !current.has(f.name())) {
                continue;
            }
            if (reference.column(f.name()).type() == ColumnType.NUMERIC) {
                refNum.put(f.name(), numbers(reference.column(f.name())));
                curNum.put(f.name(), numbers(current.column(f.name())));
            } else {
                refCat.put(f.name(), strings(reference.column(f.name())));
                curCat.put(f.name(), strings(current.column(f.name())));
            }
        }
        DriftReport report = DriftDetector.compare(refNum, curNum, refCat, curCat);
        return Json.write(Json.object()
                .put("run_id", runId)
                .put("max_psi", report.maxPsi())
                .put("max_psi_feature", report.maxPsiFeature())
                .put("band", report.band().name().toLowerCase(Locale.ROOT))
                .put("alert", !report.gatePassed()));
    }

    private String tool(String runId, String agent, String tool, JsonNode arguments) {
        String as = agent != null
                ? agent
                : tools.agentWithTool(tool)
                        .orElseThrow(() -> new IllegalArgumentException("no roster agent has the tool " + tool));
        ToolInvoker.Outcome outcome = tools.invokeHere(runId, as, tool, arguments.isObject() ? arguments : null);
        if (outcome instanceof ToolInvoker.Denied d) {
            throw new IllegalStateException("denied by " + d.ruleSource() + ": " + d.reason());
        }
        var result = ((ToolInvoker.Completed) outcome).result();
        if (!result.ok()) {
            throw new IllegalStateException(result.contentJson());
        }
        return result.contentJson();
    }

    private static double[] numbers(Column c) {
        double[] out = new double[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.isMissing(i) ? Double.NaN : c.number(i);
        }
        return out;
    }

    private static String[] strings(Column c) {
        String[] out = new String[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.isMissing(i) ? null : c.value(i);
        }
        return out;
    }
}
