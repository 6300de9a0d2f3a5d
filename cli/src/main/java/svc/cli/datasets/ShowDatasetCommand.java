package svc.cli.datasets;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc datasets show DATASET_ID}: the dataset with the runs that read it and the models trained on it. */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        description = "Print a dataset: URI, SHA-256, consent document, runs and models.",
        footer = {"", "Examples:", "  svc datasets show ds-1a2b3c4d5e6f7a8b"})
public final class ShowDatasetCommand extends ClientCommand {

    @Parameters(paramLabel = "DATASET_ID", description = "The dataset's id.")
    private String datasetId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.get("/api/v1/datasets/" + ApiClient.segment(datasetId)));
        return ExitCodes.OK;
    }
}
