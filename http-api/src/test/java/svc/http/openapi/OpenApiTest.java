package svc.http.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.File;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.Json;
import svc.http.server.Endpoint;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

@ExtendWith(ServerExtension.class)
class OpenApiTest {

    private final TestServer server;

    OpenApiTest(TestServer server) {
        this.server = server;
    }

    @Test
    void theDocumentIsValidOpenApi3() {
        String text = server.api.get("/openapi.json").text();
        SwaggerParseResult result = new OpenAPIParser().readContents(text, null, null);
        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.0.3");
    }

    /** Every served route is documented and every documented operation is served. */
    @Test
    void theDocumentAndTheServedRoutesAreTheSameSet() {
        JsonNode doc = server.api.get("/openapi.json").json();
        Set<String> documented = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            path.getValue()
                    .fieldNames()
                    .forEachRemaining(method -> documented.add(method.toUpperCase() + " " + path.getKey()));
        }
        Set<String> served = new HashSet<>();
        for (Endpoint e : server.server.endpoints()) {
            served.add(e.httpMethod() + " " + OpenApiDocument.openApiPath(e.template()));
        }
        assertThat(documented).isEqualTo(served);
        assertThat(documented)
                .contains(
                        "POST /api/v1/pipelines",
                        "GET /api/v1/pipelines/{run_id}/stream",
                        "GET /healthz",
                        "GET /openapi.json");

        // The server's router answers each documented operation (whatever the status, never "no route" or 405).
        for (String op : documented) {
            String method = op.substring(0, op.indexOf(' '));
            String path = op.substring(op.indexOf(' ') + 1).replaceAll("\\{[a-z_]+}", "x");
            Api.Reply r = server.api.send(server.api
                    .request(path)
                    .method(method, HttpRequest.BodyPublishers.ofString("{}"))
                    .header("X-API-Key", TestServer.API_KEY)
                    .build());
            assertThat(r.status()).as(op).isNotEqualTo(405);
            if (r.status() == 404) {
                assertThat(r.json().get("detail").asText()).as(op).doesNotStartWith("no route");
            }
        }
    }

    /**
     * Redocly's linter under its recommended rules ({@code redocly lint}, npm package
     * {@code @redocly/cli}, pinned) as {@code redocly.yaml} of this module sets them (one rule off,
     * the file says why): the document must pass with no error and no warning. Runs a
     * {@code redocly} on the PATH (which {@code .ci/run} installs), else {@code npx} fetches it;
     * skipped when neither is here or npm's registry cannot be reached.
     */
    @Test
    void theDocumentPassesRedoclyLintWithoutWarnings() throws Exception {
        Optional<Path> redocly = onPath("redocly");
        Optional<Path> npx = onPath("npx");
        Assumptions.assumeTrue(
                redocly.isPresent() || npx.isPresent(),
                "neither redocly nor npx is installed here (npm install -g " + REDOCLY + ")");
        Path config = Path.of("redocly.yaml").toAbsolutePath();
        assertThat(config)
                .as("the lint configuration, in the module's directory")
                .exists();
        Path doc = Files.createTempFile("openapi", ".json");
        Path out = Files.createTempFile("redocly", ".json");
        Path err = Files.createTempFile("redocly", ".log");
        try {
            Files.writeString(doc, server.api.get("/openapi.json").text());
            List<String> command = new ArrayList<>();
            if (redocly.isPresent()) {
                command.add(redocly.get().toString());
            } else {
                command.addAll(List.of(npx.get().toString(), "--yes", REDOCLY));
            }
            command.addAll(List.of("lint", "--format=json", "--config=" + config, doc.toString()));
            Process p = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            p.getOutputStream().close();
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("redocly lint did not finish within 300 s");
            }
            String report = Files.readString(out);
            String log = Files.readString(err);
            Assumptions.assumeFalse(
                    redocly.isEmpty()
                            && report.isBlank()
                            && OFFLINE.matcher(log).find(),
                    "npx could not fetch " + REDOCLY + " (no registry here): "
                            + log.lines().findFirst().orElse(""));
            assertThat(p.exitValue()).as(report + log).isZero();
            JsonNode result = Json.parse(report);
            assertThat(result.at("/totals/errors").asInt(-1)
                            + result.at("/totals/warnings").asInt(-1))
                    .as("redocly findings: " + result.get("problems"))
                    .isZero();
        } finally {
            Files.deleteIfExists(doc);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static final String REDOCLY = "@redocly/cli@2.77.0";
    private static final Pattern OFFLINE =
            Pattern.compile("ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|network|offline");

    private static Optional<Path> onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Arrays.stream(path.split(File.pathSeparator))
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
