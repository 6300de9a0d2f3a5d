package svc.cli.deployments;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc deployments retire MODEL DEPLOYMENT_ID}. */
@Command(
        name = "retire",
        mixinStandardHelpOptions = true,
        description = "Retire a deployment (operator). Prints the name's deployments and history.",
        footer = {"", "Examples:", "  svc deployments retire german_credit dep-1a2b3c4d5e6f"})
public final class RetireDeploymentCommand extends ClientCommand {

    @Parameters(index = "0", paramLabel = "MODEL", description = "The model name.")
    private String name;

    @Parameters(index = "1", paramLabel = "DEPLOYMENT_ID", description = "The deployment to retire.")
    private String deploymentId;

    @Override
    protected int run(ApiClient api) {
        output().json(api.post(
                "/api/v1/deployments/" + ApiClient.segment(name) + "/" + ApiClient.segment(deploymentId) + "/retire",
                Json.object()));
        return ExitCodes.OK;
    }
}
