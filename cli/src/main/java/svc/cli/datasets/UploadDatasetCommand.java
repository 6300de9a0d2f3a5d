package svc.cli.datasets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/**
 * {@code svc datasets upload FILE}: streams the file to {@code POST /api/v1/datasets} as its raw
 * body (text/csv or application/x-ndjson, by extension or {@code --format}) and prints the
 * dataset. The same bytes uploaded again print the same {@code dataset_id}.
 */
@Command(
        name = "upload",
        mixinStandardHelpOptions = true,
        description = {
            "Upload a CSV or JSONL file (streamed from disk) and print the dataset record;",
            "start runs on it with svc pipelines run --dataset-id."
        },
        footer = {
            "",
            "Examples:",
            "  svc datasets upload data/german_credit/german_credit.csv",
            "  svc datasets upload rows.ndjson --format jsonl --consent-doc-ref consent-2026-04"
        })
public final class UploadDatasetCommand extends ClientCommand {

    @Parameters(paramLabel = "FILE", description = "The CSV or JSONL file.")
    private Path file;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "csv or jsonl (default: from the file's extension: .csv, .jsonl, .ndjson).")
    private String format;

    @Option(names = "--name", paramLabel = "NAME", description = "The dataset's name (default: the file's name).")
    private String name;

    @Option(
            names = "--consent-doc-ref",
            paramLabel = "REF",
            description = "The consent document the data was collected under (lineage, erasure).")
    private String consentDocRef;

    @Override
    protected int run(ApiClient api) {
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(spec.commandLine(), "no file " + file);
        }
        String contentType = contentType();
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("name", name != null ? name : file.getFileName().toString());
        query.put("consent_doc_ref", consentDocRef);
        output().json(api.upload(ApiClient.path("/api/v1/datasets", query), file, contentType));
        return ExitCodes.OK;
    }

    private String contentType() {
        String f = format;
        if (f == null) {
            String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
            if (lower.endsWith(".csv")) {
                f = "csv";
            } else if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) {
                f = "jsonl";
            } else {
                throw new ParameterException(
                        spec.commandLine(), "cannot tell the format of " + file + " from its name; give --format");
            }
        }
        return switch (f.toLowerCase(Locale.ROOT)) {
            case "csv" -> "text/csv";
            case "jsonl", "ndjson" -> "application/x-ndjson";
            default -> throw new ParameterException(spec.commandLine(), "--format must be csv or jsonl, got " + f);
        };
    }
}
