package svc.cli.batch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc batch submit}: a batch over a JSONL file the server can read. Inference with
 * {@code --run} goes to {@code POST /api/v1/pipelines/{run_id}/batch}; the rest to
 * {@code POST /api/v1/batch}.
 */
@Command(
        name = "submit",
        mixinStandardHelpOptions = true,
        description = "Submit a batch job (operator). Prints the batch record (state, total, processed).",
        footer = {
            "",
            "Examples:",
            "  svc batch submit --kind inference --run 7f3c2a9e-1b2d-4e5f-8a9b-0c1d2e3f4a5b --input rows.jsonl",
            "  svc batch submit --kind custom --tool profile_dataset --input args.jsonl",
            "  svc batch submit --kind echo --input lines.jsonl"
        })
public final class SubmitBatchCommand extends ClientCommand {

    @Option(names = "--kind", required = true, description = "inference, echo or custom.")
    private String kind;

    @Option(
            names = "--input",
            required = true,
            description = "JSONL input, one record a line (a path the server reads).")
    private Path input;

    @Option(names = "--run", description = "The run whose model predicts (inference) or whose directory a tool uses.")
    private String run;

    @Option(names = "--model", description = "inference: a saved model's directory instead of --run.")
    private String model;

    @Option(names = "--tool", description = "custom: the tool run per record.")
    private String tool;

    @Option(names = "--agent", description = "custom: the roster agent the tool runs as.")
    private String agent;

    @Override
    protected int run(ApiClient api) {
        ObjectNode body = Json.object().put("input_path", input.toAbsolutePath().toString());
        if (kind.equals("inference") && run != null && model == null) {
            output().json(api.post("/api/v1/pipelines/" + ApiClient.segment(run) + "/batch", body));
            return ExitCodes.OK;
        }
        body.put("kind", kind);
        putIfSet(body, "run_id", run);
        putIfSet(body, "model", model);
        putIfSet(body, "tool", tool);
        putIfSet(body, "agent", agent);
        output().json(api.post("/api/v1/batch", body));
        return ExitCodes.OK;
    }

    private static void putIfSet(ObjectNode body, String field, String value) {
        if (value != null) {
            body.put(field, value);
        }
    }
}
