package svc.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc config show}: {@code GET /api/v1/config/effective} as one line per key
 * ({@code key = value  [origin]}), or the server's JSON with {@code --json}; a prefix keeps the
 * keys under it.
 */
@Command(
        name = "show",
        mixinStandardHelpOptions = true,
        description = "Print every key of the server's resolved configuration with its value and origin"
                + " (default, template:<ref>, deployment:<name>, settings:<project>, env:<VARIABLE>, flag:<option>);"
                + " secrets as ***.",
        footer = {
            "",
            "Examples:",
            "  svc config show",
            "  svc config show svc.governance.rules",
            "  svc config show --json | jq '.\"svc.http.port\"'"
        })
public final class ShowConfigCommand extends ClientCommand {

    @Parameters(arity = "0..1", paramLabel = "PREFIX", description = "Only keys that start with this.")
    private String prefix;

    @Option(names = "--json", description = "Print the server's JSON: {\"<key>\": {\"value\", \"origin\"}}.")
    private boolean json;

    @Override
    protected int run(ApiClient api) {
        JsonNode all = api.get("/api/v1/config/effective");
        ObjectNode shown = Json.object();
        for (Map.Entry<String, JsonNode> e : iterable(all)) {
            if (prefix == null || e.getKey().startsWith(prefix)) {
                shown.set(e.getKey(), e.getValue());
            }
        }
        if (json) {
            output().json(shown);
        } else {
            print(shown, out());
        }
        return ExitCodes.OK;
    }

    /** {@code key = value  [origin]}, keys padded to one column. */
    static void print(JsonNode shown, PrintWriter out) {
        int width = 0;
        for (Map.Entry<String, JsonNode> e : iterable(shown)) {
            width = Math.max(width, e.getKey().length());
        }
        for (Map.Entry<String, JsonNode> e : iterable(shown)) {
            JsonNode v = e.getValue().path("value");
            String value = v.isTextual() ? v.asText() : Json.write(v);
            String origin = e.getValue().path("origin").asText();
            JsonNode origins = e.getValue().path("origins");
            if (origins.size() > 1) {
                List<String> all = new ArrayList<>();
                origins.forEach(o -> all.add(o.asText()));
                origin = String.join(" + ", all);
            }
            out.println(String.format("%-" + width + "s = %s  [%s]", e.getKey(), value, origin));
        }
        out.flush();
    }

    private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode node) {
        return node::fields;
    }
}
