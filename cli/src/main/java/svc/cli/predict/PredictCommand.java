package svc.cli.predict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc predict MODEL --file rows.jsonl}: sends the file's rows (one JSON object a line) to
 * {@code POST /api/v1/inference/{model}} in requests of {@code --rows-per-request} rows and prints
 * one JSON line per row, in order: {@code {row, request_id, deployment_id, label, probabilities |
 * value}}. The file is read as a stream; a line that is not a JSON object stops with its number.
 */
@Command(
        name = "predict",
        mixinStandardHelpOptions = true,
        description = "Predict the rows of a JSONL file with a deployed model name's champion or challengers"
                + " (operator). Prints one JSON line per row.",
        footer = {
            "",
            "Examples:",
            "  svc predict german_credit --file rows.jsonl > predictions.jsonl",
            "  svc predict german_credit --file one.jsonl --request-id customer-42"
        })
public final class PredictCommand extends ClientCommand {

    @Parameters(paramLabel = "MODEL", description = "The model name.")
    private String name;

    @Option(names = "--file", required = true, description = "JSONL: one object of feature values a line.")
    private Path file;

    @Option(
            names = "--request-id",
            description = "Sent with every request: keeps them on one deployment, and names them for feedback.")
    private String requestId;

    @Option(
            names = "--rows-per-request",
            defaultValue = "100",
            description = "Rows sent in one request (default ${DEFAULT-VALUE}, at most 10000).")
    private int perRequest;

    @Override
    protected int run(ApiClient api) {
        if (perRequest < 1 || perRequest > 10_000) {
            throw new CliException(ExitCodes.USAGE, "--rows-per-request must be 1 to 10000");
        }
        String path = "/api/v1/inference/" + ApiClient.segment(name);
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            ArrayNode rows = Json.MAPPER.createArrayNode();
            long row = 0;
            long lineNo = 0;
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode value;
                try {
                    value = Json.parse(line);
                } catch (IllegalArgumentException e) {
                    throw new CliException(ExitCodes.USAGE, file + ":" + lineNo + ": not JSON: " + e.getMessage());
                }
                if (!value.isObject()) {
                    throw new CliException(ExitCodes.USAGE, file + ":" + lineNo + ": not a JSON object");
                }
                rows.add(value);
                if (rows.size() == perRequest) {
                    row = send(api, path, rows, row);
                    rows = Json.MAPPER.createArrayNode();
                }
            }
            if (!rows.isEmpty()) {
                send(api, path, rows, row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        out().flush();
        return ExitCodes.OK;
    }

    private long send(ApiClient api, String path, ArrayNode rows, long first) {
        ObjectNode body = Json.object();
        body.set("rows", rows);
        if (requestId != null) {
            body.put("request_id", requestId);
        }
        JsonNode answer = api.post(path, body);
        long row = first;
        for (JsonNode p : answer.path("predictions")) {
            ObjectNode line = Json.object()
                    .put("row", row++)
                    .put("request_id", answer.path("request_id").asText())
                    .put("deployment_id", answer.path("deployment_id").asText());
            line.setAll((ObjectNode) p);
            out().println(Json.write(line));
        }
        return row;
    }
}
