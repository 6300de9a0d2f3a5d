package svc.cli.deployments;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc deployments deploy MODEL --model ID --role R}: {@code POST /api/v1/deployments/{model}}. */
@Command(
        name = "deploy",
        mixinStandardHelpOptions = true,
        description = "Deploy a saved model under a model name (operator). Prints the deployment. Making a model the"
                + " champion is governed like the pipeline's registration (profile rules, compliance gates).",
        footer = {
            "",
            "Examples:",
            "  svc deployments deploy german_credit --model model-7f3c2a9e1b2d4e5f-xgboost --role champion",
            "  svc deployments deploy german_credit --model model-0a1b2c3d4e5f6a7b-linear --role challenger"
                    + " --traffic 10 --canary 10,50,200,0.05",
            "  svc deployments deploy german_credit --model model-0a1b2c3d4e5f6a7b-linear --role shadow"
        })
public final class DeployModelCommand extends ClientCommand {

    @Parameters(paramLabel = "MODEL", description = "The model name (lower-case letters, digits, '_', '-').")
    private String name;

    @Option(names = "--model", required = true, description = "The saved model's id (model-<run>-<candidate>).")
    private String modelId;

    @Option(names = "--role", required = true, description = "champion, challenger or shadow.")
    private String role;

    @Option(
            names = "--traffic",
            description = "challenger: its share in percent (required); shadow: the share mirrored (default 100).")
    private Integer traffic;

    @Option(names = "--environment", description = "Where it runs (default production).")
    private String environment;

    @Option(
            names = "--canary",
            paramLabel = "STEP,MAX,MIN_SAMPLES,ALPHA",
            description = "A challenger's canary rule: share added per step, ceiling, labelled answers per decision,"
                    + " significance level.")
    private String canary;

    @Override
    protected int run(ApiClient api) {
        ObjectNode body = Json.object().put("model_id", modelId).put("role", role);
        if (traffic != null) {
            body.put("traffic_pct", traffic);
        }
        if (environment != null) {
            body.put("environment", environment);
        }
        if (canary != null) {
            String[] p = canary.split(",");
            if (p.length != 4) {
                throw new ParameterException(
                        spec.commandLine(), "--canary takes STEP,MAX,MIN_SAMPLES,ALPHA, e.g. 10,50,200,0.05");
            }
            try {
                body.putObject("canary")
                        .put("step_pct", Integer.parseInt(p[0].trim()))
                        .put("max_pct", Integer.parseInt(p[1].trim()))
                        .put("min_samples", Integer.parseInt(p[2].trim()))
                        .put("alpha", Double.parseDouble(p[3].trim()));
            } catch (NumberFormatException e) {
                throw new ParameterException(
                        spec.commandLine(), "--canary: " + e.getMessage() + "; e.g. 10,50,200,0.05");
            }
        }
        output().json(api.post("/api/v1/deployments/" + ApiClient.segment(name), body));
        return ExitCodes.OK;
    }
}
