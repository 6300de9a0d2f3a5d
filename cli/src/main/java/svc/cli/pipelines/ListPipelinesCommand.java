package svc.cli.pipelines;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.cli.client.OutputOptions;
import svc.cli.client.Paging;

/** {@code svc pipelines list}: runs, newest first, optionally only those in one state. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List runs, newest first (the list envelope as JSON, or a table with --table).",
        footer = {
            "",
            "Examples:",
            "  svc pipelines list --table",
            "  svc pipelines list --state waiting_approval --limit 10"
        })
public final class ListPipelinesCommand extends ClientCommand {

    @Mixin
    private OutputOptions output;

    @Mixin
    private Paging paging;

    @Option(
            names = "--state",
            paramLabel = "STATE",
            completionCandidates = RunStates.class,
            description = "Only runs in this state: ${COMPLETION-CANDIDATES}.")
    private String state;

    @Override
    protected int run(ApiClient api) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("state", state);
        query.putAll(paging.query(spec));
        output().list(api.get(ApiClient.path("/api/v1/pipelines", query)), output.table(), RunColumns.ALL);
        return ExitCodes.OK;
    }
}
