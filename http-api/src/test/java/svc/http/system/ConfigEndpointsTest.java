package svc.http.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.http.testing.Api;
import svc.http.testing.ServerExtension;
import svc.http.testing.TestServer;

/** The resolved configuration and branding over HTTP, and branding merged from its layers. */
@ExtendWith(ServerExtension.class)
class ConfigEndpointsTest {

    private final Api api;

    ConfigEndpointsTest(TestServer server) {
        this.api = server.api;
    }

    @Test
    void theEffectiveConfigurationIsForAdminsAndEveryKeyCarriesValueAndOriginWithSecretsMasked() {
        JsonNode config = api.get("/api/v1/config/effective", Api.apiKey()).json();

        assertThat(config.path("svc.http.env").path("value").asText()).isEqualTo("development");
        assertThat(config.path("svc.http.env").path("origin").asText()).isEqualTo("default");
        assertThat(config.path("svc.notifications.webhook-secret").path("value").asText())
                .isEqualTo("***");
        assertThat(config.toString()).doesNotContain(TestServer.WEBHOOK_SECRET);

        assertThat(api.get("/api/v1/config/effective").status()).isEqualTo(401);
    }

    @Test
    void brandingWithoutADeploymentIsTheProductsAndThereIsNoLogoToServe() {
        JsonNode branding = api.get("/api/v1/config/branding").json();
        assertThat(branding.path("product_name").asText()).isEqualTo("svc");
        assertThat(branding.path("logo").asText()).isEqualTo("/static/logo.svg");
        assertThat(api.get(ConfigEndpoints.LOGO_PATH).status()).isEqualTo(404);
    }

    @Test
    void brandingLaysTheDeploymentOverTheTemplateOverTheProduct() {
        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(
                        Layer.of(
                                Origin.template("template/bfsi_baseline@v1.0.0"),
                                Map.of(
                                        "svc.branding.product-name", "svc for banks",
                                        "svc.branding.tagline", "Governed credit models",
                                        "svc.branding.badges", List.of("RBI model risk"))),
                        Layer.of(
                                Origin.deployment("acme"),
                                Map.of(
                                        "svc.branding.product-name",
                                        "Acme Models",
                                        "svc.branding.colors.primary",
                                        "#0b3d2e"))),
                Set.of());

        Branding b = ConfigEndpoints.branding(config, true);

        assertThat(b.productName()).isEqualTo("Acme Models");
        assertThat(b.tagline()).isEqualTo("Governed credit models");
        assertThat(b.subtitle()).isEqualTo(Branding.DEFAULTS.subtitle());
        assertThat(b.colors().primary()).isEqualTo("#0b3d2e");
        assertThat(b.colors().accent()).isEqualTo(Branding.DEFAULTS.colors().accent());
        assertThat(b.complianceBadges()).containsExactly("RBI model risk");
        assertThat(b.logo()).isEqualTo(ConfigEndpoints.LOGO_PATH);
    }
}
