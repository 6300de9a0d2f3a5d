package svc.cli.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.Column;
import svc.cli.client.OutputOptions;
import svc.config.Json;

/**
 * {@code svc reports costs}: the LLM spend the runs recorded between two dates (both days
 * included), grouped by agent, run, model or provider: the report as JSON, or a table with a
 * total line under {@code --table}.
 */
@Command(
        name = "costs",
        mixinStandardHelpOptions = true,
        description = {
            "LLM spend between two dates (whole UTC days, both included), grouped by agent (default), run, model",
            "or provider: the report as JSON, or a table with --table."
        },
        footer = {
            "",
            "Examples:",
            "  svc reports costs --from 2026-11-01 --to 2026-11-30 --table",
            "  svc reports costs --from 2026-11-01 --to 2026-11-30 --group-by provider"
        })
public final class CostsReportCommand extends ClientCommand {

    private static final List<String> GROUPS = List.of("agent", "run", "model", "provider");

    @Option(names = "--from", paramLabel = "DATE", description = "First day (YYYY-MM-DD); default: the beginning.")
    private String from;

    @Option(names = "--to", paramLabel = "DATE", description = "Last day (YYYY-MM-DD), included; default: today.")
    private String to;

    @Option(names = "--group-by", paramLabel = "GROUP", description = "agent (default), run, model or provider.")
    private String groupBy = "agent";

    @Mixin
    private OutputOptions output;

    @Override
    protected int run(ApiClient api) {
        String group = groupBy.strip().toLowerCase(Locale.ROOT);
        if (!GROUPS.contains(group)) {
            throw new ParameterException(
                    spec.commandLine(), "--group-by must be one of " + GROUPS + ", got " + groupBy);
        }
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("from", date("--from", from));
        query.put("to", date("--to", to));
        query.put("group_by", group);
        JsonNode report = api.get(ApiClient.path("/api/v1/reports/costs", query));
        if (!output.table()) {
            output().json(report);
            return ExitCodes.OK;
        }
        ObjectNode page = Json.object();
        page.set("items", report.path("groups"));
        page.put("total", report.path("groups").size());
        output().list(
                        page,
                        true,
                        List.of(
                                Column.field(group.toUpperCase(Locale.ROOT), "key"),
                                new Column(
                                        "COST_USD", g -> usd(g.path("cost_usd").asDouble())),
                                Column.field("RUNS", "runs")));
        out().println("total " + usd(report.path("total_usd").asDouble()) + " USD");
        out().flush();
        return ExitCodes.OK;
    }

    private String date(String option, String value) {
        if (value == null) {
            return null;
        }
        try {
            return LocalDate.parse(value.strip()).toString();
        } catch (DateTimeParseException e) {
            throw new ParameterException(spec.commandLine(), option + " must be a date (YYYY-MM-DD), got " + value);
        }
    }

    private static String usd(double amount) {
        return String.format(Locale.ROOT, "%.6f", amount);
    }
}
