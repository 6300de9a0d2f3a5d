package svc.cli.plugins;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc plugins invoke QNAME [ARGUMENTS...]} (operator): runs the command as a task run and
 * prints the invocation; exits non-zero when the run failed.
 */
@Command(
        name = "invoke",
        mixinStandardHelpOptions = true,
        description = "Invoke a plugin command; the words after its name replace $ARGUMENTS. Prints the answer,"
                + " or the run to follow (svc pipelines status) when it is still going.",
        footer = {"", "Examples:", "  svc plugins invoke sample:review the churn model"})
public final class InvokePluginCommand extends ClientCommand {

    @Parameters(index = "0", paramLabel = "QNAME", description = "<plugin>:<command>.")
    private String qname;

    @Parameters(index = "1..*", paramLabel = "ARGUMENTS", description = "Text for $ARGUMENTS.")
    private List<String> arguments = List.of();

    @Override
    protected int run(ApiClient api) {
        var done = api.post(
                "/api/v1/plugins/commands/" + ApiClient.segment(qname) + "/invoke",
                Json.object().put("arguments", String.join(" ", arguments)));
        output().json(done);
        return done.path("state").asText().equals("failed") ? ExitCodes.FAILURE : ExitCodes.OK;
    }
}
