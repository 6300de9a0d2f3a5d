package svc.cli.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import svc.cli.ExitCodes;
import svc.cli.client.ApiClient;
import svc.cli.client.ClientCommand;
import svc.config.Json;

/**
 * {@code svc health}: asks {@code /healthz} (is the process alive) and {@code /livez} (are the
 * database, artefact store and LLM provider usable) and prints both answers. A server that
 * answers but is not ready exits with 1 and names the failing checks, so scripts can wait on it.
 */
@Command(
        name = "health",
        mixinStandardHelpOptions = true,
        description = {
            "Check a server: /healthz (alive) and /livez (ready: database, artefact store, LLM provider).",
            "Exits with 0 when ready, 1 when alive but not ready, 5 when the server cannot be reached."
        },
        footer = {"", "Examples:", "  svc health", "  svc health --url http://svc.internal:8000"})
public final class HealthCommand extends ClientCommand {

    @Override
    protected int run(ApiClient api) {
        ApiClient.Reply healthz = api.getReply("/healthz");
        ApiClient.Reply livez = api.getReply("/livez");
        ObjectNode o = Json.object().put("url", api.base().toString());
        o.set("healthz", probe(healthz));
        o.set("livez", probe(livez));
        output().json(o);
        List<String> failing = failing(livez);
        if (healthz.status() != 200 || !failing.isEmpty()) {
            err().println("svc: the server at " + api.base() + " is not ready"
                    + (failing.isEmpty() ? "" : ": " + String.join("; ", failing)));
            return ExitCodes.FAILURE;
        }
        return ExitCodes.OK;
    }

    /** The answer's JSON body with its HTTP status; a body that is not JSON is kept as text. */
    private static ObjectNode probe(ApiClient.Reply reply) {
        ObjectNode o = Json.object().put("http_status", reply.status());
        try {
            JsonNode body = reply.json();
            if (body.isObject()) {
                o.setAll((ObjectNode) body);
            } else {
                o.set("body", body);
            }
        } catch (IllegalArgumentException notJson) {
            o.put("body", reply.body());
        }
        return o;
    }

    /** The checks of {@code /livez} that are not ok, as "name: detail"; a non-200 answer counts too. */
    private static List<String> failing(ApiClient.Reply livez) {
        List<String> failing = new ArrayList<>();
        JsonNode checks = Json.object();
        try {
            checks = livez.json().path("checks");
        } catch (IllegalArgumentException notJson) {
            // reported below through the status
        }
        for (Map.Entry<String, JsonNode> check : checks.properties()) {
            if (!check.getValue().path("ok").asBoolean(false)) {
                failing.add(
                        check.getKey() + ": " + check.getValue().path("detail").asText("not ok"));
            }
        }
        if (failing.isEmpty() && livez.status() != 200) {
            failing.add("/livez answered HTTP " + livez.status());
        }
        return failing;
    }
}
