package svc.cli.pipelines;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc pipelines run}: starts a run. Paths that exist here are sent as absolute paths
 * (the server resolves paths itself, from its own working directory); a path that does not exist
 * here is sent as written, for a server that sees other files than this machine.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Start a pipeline run on a dataset the server can read or one uploaded before; prints the run record,",
            "or with --follow streams the run and exits with 0 when it succeeds, 1 when it fails or is cancelled."
        },
        footer = {
            "",
            "Examples:",
            "  svc pipelines run --dataset data/german_credit/german_credit.csv \\",
            "      --problem \"Predict good or bad credit risk, fairly across sex\" --template fast_prototype --follow",
            "  svc pipelines run --dataset /srv/data/loans.csv --problem \"Predict default\" --target default "
                    + "--sensitive sex,age",
            "  svc pipelines run --dataset-id ds-1a2b3c4d5e6f7a8b --problem \"Predict default\""
        })
public final class RunPipelineCommand extends ClientCommand {

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Data data;

    /** The run's data: a path the server can read, or a dataset uploaded before. */
    static final class Data {
        @Option(
                names = "--dataset",
                required = true,
                paramLabel = "PATH",
                description = "Tabular dataset (CSV or JSONL) the server can read.")
        String path;

        @Option(
                names = "--dataset-id",
                required = true,
                paramLabel = "ID",
                description = "A dataset uploaded with 'svc datasets upload' (the server needs no shared files).")
        String id;
    }

    @Option(
            names = "--problem",
            required = true,
            paramLabel = "TEXT",
            description = "The problem statement, in plain words.")
    private String problem;

    @Option(
            names = "--target",
            paramLabel = "COLUMN",
            description = "Target column (found by the agents when not given).")
    private String target;

    @Option(
            names = "--sensitive",
            split = ",",
            paramLabel = "COLUMN",
            description = "Sensitive attributes, comma-separated.")
    private List<String> sensitive;

    @Option(
            names = "--template",
            paramLabel = "NAME",
            description =
                    "Workflow: fast_prototype, default_ml_pipeline (server default), parallel_research, or a library "
                            + "reference.")
    private String template;

    @Option(
            names = "--profile",
            paramLabel = "NAME",
            description = "Governance profile (server default when not given).")
    private String profile;

    @Option(names = "--workflow", paramLabel = "FILE", description = "A customer workflow YAML instead of a template.")
    private String workflow;

    @Option(
            names = {"-f", "--follow"},
            description = "Stream the run until it ends; the exit code is its outcome.")
    private boolean follow;

    @Override
    protected int run(ApiClient api) {
        ObjectNode body = Json.object().put("problem", problem);
        if (data.id != null) {
            body.put("dataset_id", data.id.strip());
        } else {
            body.put("dataset_path", serverPath(data.path));
        }
        putIfGiven(body, "target", target);
        if (sensitive != null) {
            sensitive.stream()
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .forEach(body.putArray("sensitive_attributes")::add);
        }
        putIfGiven(body, "template", template);
        putIfGiven(body, "profile", profile);
        if (workflow != null) {
            body.put("workflow", serverPath(workflow));
        }
        JsonNode run = api.post("/api/v1/pipelines", body);
        if (!follow) {
            output().json(run);
            return ExitCodes.OK;
        }
        out().println("run " + run.path("run_id").asText() + " started ("
                + run.path("template").asText("?") + "); following it" + " (Ctrl-C stops following, not the run)");
        Optional<Path> localWorkflow =
                Optional.ofNullable(workflow).map(Path::of).filter(Files::isRegularFile);
        return new RunFollower(api, out(), server.environment().interactive().isPresent(), localWorkflow).follow(run);
    }

    private static void putIfGiven(ObjectNode body, String field, String value) {
        if (value != null && !value.isBlank()) {
            body.put(field, value.strip());
        }
    }

    static String serverPath(String path) {
        Path local = Path.of(path);
        return Files.exists(local) ? local.toAbsolutePath().normalize().toString() : path;
    }
}
