package svc.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RouterTest {

    private static Endpoint e(String method, String template) {
        return new Endpoint(method, template, null, template, null, call -> null);
    }

    private final Router router = new Router(List.of(
            e("GET", "/api/v1/pipelines/{run_id}"),
            e("DELETE", "/api/v1/pipelines/{run_id}"),
            e("GET", "/api/v1/pipelines/{run_id}/artifacts/{name...}"),
            e("WS", "/api/v1/pipelines/{run_id}/stream")));

    @Test
    void parametersAndTheRestOfThePathAreExtractedAndDecoded() {
        Router.Found found =
                (Router.Found) router.route("GET", "/api/v1/pipelines/run-1/artifacts/k8s/deployment.yaml");
        assertThat(found.match().params()).isEqualTo(Map.of("run_id", "run-1", "name", "k8s/deployment.yaml"));
        Router.Found encoded =
                (Router.Found) router.route("GET", "/api/v1/pipelines/run-1/artifacts/k8s%2Fservice.yaml");
        assertThat(encoded.match().params().get("name")).isEqualTo("k8s/service.yaml");
    }

    @Test
    void aWebSocketRouteIsAGetAndLiteralSegmentsWin() {
        Router.Found found = (Router.Found) router.route("GET", "/api/v1/pipelines/run-1/stream");
        assertThat(found.match().endpoint().isWebSocket()).isTrue();
    }

    @Test
    void wrongMethodsAndUnknownPathsAreToldApart() {
        assertThat(router.route("POST", "/api/v1/pipelines/run-1"))
                .isEqualTo(new Router.WrongMethod(Set.of("GET", "DELETE")));
        assertThat(router.route("GET", "/api/v1/pipelines/run-1/nothing")).isInstanceOf(Router.NoRoute.class);
        assertThat(router.route("GET", "/api/v1/pipelines/run-1/artifacts/")).isInstanceOf(Router.NoRoute.class);
        assertThat(router.route("GET", "/api/v1/pipelines//")).isInstanceOf(Router.NoRoute.class);
    }
}
