package svc.cli.models;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc models list}: registered models, newest first, optionally of one run or dataset. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List registered models, newest first (the list envelope as JSON, or a table with --table).",
        footer = {
            "",
            "Examples:",
            "  svc models list --table",
            "  svc models list --dataset ds-1a2b3c4d5e6f7a8b --table"
        })
public final class ListModelsCommand extends ClientCommand {

    static final List<Column> COLUMNS = List.of(
            Column.field("MODEL_ID", "model_id"),
            Column.field("LEARNER", "learner"),
            Column.field("TASK", "task"),
            new Column("ACCURACY", m -> figure(m.path("test").path("accuracy").asText(null))),
            new Column("ROC_AUC", m -> figure(m.path("test").path("roc_auc").asText(null))),
            new Column("R2", m -> figure(m.path("test").path("r2").asText(null))),
            Column.field("FAIR", "fairness_passed"),
            Column.field("DATASET_ID", "dataset_id"),
            Column.field("CREATED_AT", "created_at"));

    @Option(names = "--run", paramLabel = "RUN_ID", description = "Only the models of this run.")
    private String runId;

    @Option(names = "--dataset", paramLabel = "DATASET_ID", description = "Only the models trained on this dataset.")
    private String datasetId;

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Override
    protected int run(ApiClient api) {
        Map<String, Object> query = paging.query(spec);
        query.put("run_id", runId);
        query.put("dataset_id", datasetId);
        output().list(api.get(ApiClient.path("/api/v1/models", query)), output.table(), COLUMNS);
        return ExitCodes.OK;
    }

    /** Four decimals are what a person compares. */
    private static String figure(String value) {
        if (value == null) {
            return null;
        }
        try {
            return String.format(Locale.ROOT, "%.4f", Double.parseDouble(value));
        } catch (NumberFormatException e) {
            return value;
        }
    }
}
