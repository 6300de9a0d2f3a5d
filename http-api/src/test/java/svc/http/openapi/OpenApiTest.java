package svc.http.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
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
                    .method(method, java.net.http.HttpRequest.BodyPublishers.ofString("{}"))
                    .header("X-API-Key", TestServer.API_KEY)
                    .build());
            assertThat(r.status()).as(op).isNotEqualTo(405);
            if (r.status() == 404) {
                assertThat(r.json().get("detail").asText()).as(op).doesNotStartWith("no route");
            }
        }
    }
}
