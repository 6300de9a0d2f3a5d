package svc.cli.cron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.CliException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/** {@code svc cron create NAME --schedule ... --kind ...}. */
@Command(
        name = "create",
        mixinStandardHelpOptions = true,
        description = "Create a cron job (operator). Prints the job.",
        footer = {
            "",
            "Examples:",
            "  svc cron create drift-daily --schedule \"30 6 * * *\" --timezone Europe/Paris --kind drift_check "
                    + "--params '{\"run_id\":\"7f3c\",\"dataset_path\":\"/data/today.csv\"}'"
        })
public final class CreateCronCommand extends ClientCommand {

    @Parameters(paramLabel = "NAME", description = "The job's name.")
    private String name;

    @Option(names = "--schedule", required = true, description = "Five-field cron expression.")
    private String schedule;

    @Option(names = "--timezone", description = "IANA time zone (default UTC).")
    private String timezone;

    @Option(names = "--kind", required = true, description = "retrain, drift_check, audit_pdf or custom.")
    private String kind;

    @Option(names = "--params", defaultValue = "{}", description = "The kind's parameters, a JSON object.")
    private String params;

    @Override
    protected int run(ApiClient api) {
        JsonNode parsed;
        try {
            parsed = Json.parse(params);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "--params is not JSON: " + e.getMessage());
        }
        ObjectNode body =
                Json.object().put("name", name).put("schedule", schedule).put("kind", kind);
        if (timezone != null) {
            body.put("timezone", timezone);
        }
        body.set("params", parsed);
        output().json(api.post("/api/v1/cron", body));
        return ExitCodes.OK;
    }
}
