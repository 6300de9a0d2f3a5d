package svc.deployments.effective;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.config.effective.Setting;
import svc.deployments.Deployment;
import svc.deployments.Deployments;

class GovernanceLayersTest {

    static final String ACME = """
            customer: acme
            template: template/generic_ml@v1.0.0
            branding:
              product_name: Acme Models
              tagline: From a problem statement and a table to an audited, deployable model.
              logo: branding/logo.svg
            permissions:
              rules:
                - id: acme-deny-shell
                  tool_name: execute_shell
                  behavior: deny
                  priority: 70
                  reason: Acme runs no shell.
            guardrails:
              disable: [G3]
              pii_action: hash
            retention:
              conversations_days: 120
            egress_allowlist: [api.acme.example]
            """;

    /** Writes the acme deployment of these tests under {@code root}/acme and loads it. */
    static Deployment acme(Path root) throws Exception {
        Path dir = Files.createDirectories(root.resolve("acme"));
        Files.writeString(dir.resolve("deployment.yaml"), ACME);
        Files.writeString(dir.resolve("README.md"), "# acme\nTest deployment.\n");
        Files.createDirectories(dir.resolve("branding"));
        Files.writeString(dir.resolve("branding/logo.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        return Deployments.load(dir);
    }

    @Test
    void theTemplateLayerHoldsEveryGovernanceValueOfTheTemplate(@TempDir Path root) throws Exception {
        Deployment d = acme(root);
        Layer layer = GovernanceLayers.template(d.templateRef(), d.template());
        Origin template = Origin.template("template/generic_ml@v1.0.0");

        assertThat(layer.kind()).isEqualTo(Origin.Kind.TEMPLATE);
        assertThat(layer.values())
                .containsEntry("svc.governance.template", Setting.of("generic_ml", template))
                .containsEntry("svc.governance.guardrails.G3", Setting.of(true, template))
                .containsEntry("svc.governance.guardrails.G2", Setting.of(true, template))
                .containsEntry("svc.governance.guardrails.G13", Setting.of(false, template))
                .containsEntry("svc.at-rest.encryption", Setting.of("off", template))
                .doesNotContainKeys(
                        "svc.governance.guardrails.G8", "svc.governance.guardrails.G9", "svc.governance.guardrails.G17")
                .containsEntry("svc.governance.guardrails.pii-action", Setting.of("mask", template))
                .containsEntry("svc.governance.retention.conversations-days", Setting.of(90, template))
                .containsEntry("svc.branding.product-name", Setting.of("svc", template))
                .containsKey("svc.governance.rules.generic-ask-register-deployment");
        @SuppressWarnings("unchecked")
        Map<String, Object> rule = (Map<String, Object>) layer.values()
                .get("svc.governance.rules.generic-ask-register-deployment")
                .value();
        assertThat(rule)
                .containsEntry("tool_name", "register_model_deployment")
                .containsEntry("behavior", "ask")
                .containsEntry("priority", 45)
                .containsEntry("position", 0);
    }

    @Test
    void theDeploymentLayerHoldsWhatItChangesAndTheResolvedConfigurationNamesWhoDecidedEachValue(@TempDir Path root)
            throws Exception {
        Deployment d = acme(root);
        Origin template = Origin.template("template/generic_ml@v1.0.0");
        Origin acme = Origin.deployment("acme");

        EffectiveConfig config = EffectiveConfig.resolve(
                List.of(GovernanceLayers.template(d.templateRef(), d.template()), GovernanceLayers.deployment(d)),
                Set.of(GovernanceLayers.EGRESS));

        assertThat(config.get("svc.governance.default-profile").orElseThrow())
                .isEqualTo(Setting.of("generic_ml", acme));
        assertThat(config.get("svc.governance.rules.acme-deny-shell")
                        .orElseThrow()
                        .origin())
                .isEqualTo(acme);
        assertThat(config.get("svc.governance.rules.generic-ask-register-deployment")
                        .orElseThrow()
                        .origin())
                .isEqualTo(template);
        assertThat(config.get("svc.governance.guardrails.G3").orElseThrow()).isEqualTo(Setting.of(false, acme));
        assertThat(config.get("svc.governance.guardrails.G4").orElseThrow()).isEqualTo(Setting.of(true, template));
        assertThat(config.get("svc.governance.guardrails.pii-action").orElseThrow())
                .isEqualTo(Setting.of("hash", acme));
        assertThat(config.get("svc.governance.retention.conversations-days").orElseThrow())
                .isEqualTo(Setting.of(120, acme));
        assertThat(config.get("svc.governance.retention.run-events-days").orElseThrow())
                .isEqualTo(Setting.of(365, template));
        assertThat(config.get("svc.branding.product-name").orElseThrow()).isEqualTo(Setting.of("Acme Models", acme));
        // restated unchanged: the template decided it
        assertThat(config.get("svc.branding.tagline").orElseThrow().origin()).isEqualTo(template);
        assertThat(config.get("svc.branding.logo").orElseThrow().value())
                .isEqualTo(root.resolve("acme/branding/logo.svg").toString());
        Setting egress = config.get(GovernanceLayers.EGRESS).orElseThrow();
        assertThat(egress.value()).isEqualTo("api.acme.example");
        assertThat(egress.origin()).isEqualTo(acme);
    }
}
