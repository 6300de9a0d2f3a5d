package svc.http.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** {@code GET /api/v1/cluster} on a cluster of one, over real HTTP. */
@ExtendWith(ServerExtension.class)
class ClusterEndpointsTest {

    private final TestServer server;
    private final Api api;

    ClusterEndpointsTest(TestServer server) {
        this.server = server;
        this.api = server.api;
    }

    @Test
    void oneNodeIsUpHostsEverySingletonAndItsShards() {
        server.eventually(30, () -> {
            Api.Reply reply = api.get("/api/v1/cluster", Api.apiKey());
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            JsonNode c = reply.json();
            String self = c.path("self").asText();
            assertThat(self).startsWith("pekko://svc@127.0.0.1:");
            assertThat(c.path("members")).hasSize(1);
            JsonNode member = c.path("members").get(0);
            assertThat(member.path("address").asText()).isEqualTo(self);
            assertThat(member.path("status").asText()).isEqualTo("up");
            assertThat(member.path("self").asBoolean()).isTrue();
            assertThat(member.path("reachable").asBoolean()).isTrue();
            assertThat(member.path("up_since").asText()).isNotEmpty();
            assertThat(c.path("singletons").path("admission").asText()).isEqualTo(self);
            assertThat(c.path("singletons").path("approval-sweeper").asText()).isEqualTo(self);
            assertThat(c.path("singletons").path("cron-scheduler").asText()).isEqualTo(self);
            assertThat(c.path("shards_unavailable")).isEmpty();
            assertThat(c.path("shards"))
                    .allSatisfy(s -> assertThat(s.path("node").asText()).isEqualTo(self))
                    .extracting(s -> s.path("entity_type").asText())
                    .contains("run", "agent", "batch");
        });
    }

    @Test
    void onlyAnAdminMayLook() {
        assertThat(api.get("/api/v1/cluster").status()).isEqualTo(401);
    }
}
