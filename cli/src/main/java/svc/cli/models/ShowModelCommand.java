package svc.cli.models;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;

/** {@code svc models show MODEL_ID}: one model in full, or only its model card. */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        description = "Print a model: metrics, fairness verdict, model card, run, dataset and lineage chain.",
        footer = {
            "",
            "Examples:",
            "  svc models show model-7f3c2a9e1b2c3d4e-xgboost",
            "  svc models show model-7f3c2a9e1b2c3d4e-xgboost --card > MODEL_CARD.md"
        })
public final class ShowModelCommand extends ClientCommand {

    @Parameters(paramLabel = "MODEL_ID", description = "The model's id.")
    private String modelId;

    @Option(names = "--card", description = "Print only the model card (Markdown).")
    private boolean card;

    @Override
    protected int run(ApiClient api) {
        var model = api.get("/api/v1/models/" + ApiClient.segment(modelId));
        if (!card) {
            output().json(model);
            return ExitCodes.OK;
        }
        if (!model.path("model_card").isTextual()) {
            err().println("svc: model " + modelId + " has no model card: "
                    + model.path("note").asText("its run wrote none"));
            err().flush();
            return ExitCodes.FAILURE;
        }
        out().print(model.path("model_card").asText());
        out().flush();
        return ExitCodes.OK;
    }
}
