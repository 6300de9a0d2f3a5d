package svc.deployments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.deployments.Deployment.Origin;
import svc.deployments.config.DeploymentReader;
import svc.library.template.Behavior;
import svc.library.template.PiiAction;
import svc.library.template.Retention;

/** The effective deployment: template values where the customer says nothing, overrides elsewhere. */
class DeploymentsLoadTest {

    @TempDir
    Path temp;

    @Test
    void acmeIsTheBfsiBaselineWithItsOverrides() throws IOException {
        Path root = FakeCheckout.create(temp);
        Deployment d = Deployments.load(DeploymentLayout.directoryOf(root, "acme_bank"));

        assertThat(d.customer()).isEqualTo("acme_bank");
        assertThat(d.templateRef()).hasToString("template/bfsi_baseline@v1.0.0");
        assertThat(d.branding().productName()).isEqualTo("Acme Credit Models");
        assertThat(d.branding().subtitle()).isEqualTo("Governed credit and risk models");
        assertThat(d.branding().badges()).containsExactly("RBI model risk", "fairness gate");
        assertThat(d.permissionRules())
                .extracting(r -> r.rule().id() + " " + r.rule().behavior() + " " + r.origin())
                .containsExactly(
                        "bfsi-deny-shell DENY TEMPLATE",
                        "bfsi-deny-dangerous-python DENY TEMPLATE",
                        "bfsi-ask-register-deployment ASK TEMPLATE",
                        "bfsi-deny-pan-in-files DENY TEMPLATE",
                        "bfsi-deny-aadhaar-in-files DENY TEMPLATE",
                        "acme-deny-http DENY CUSTOMER");
        assertThat(d.complianceGates())
                .extracting(g -> g.id() + ": " + g.denyIf())
                .containsExactly(
                        "bfsi-fairness-gate: ${last_tool_result.demographic_parity_difference} > 0.1",
                        "bfsi-drift-gate: ${last_tool_result.max_psi} > 0.25");
        assertThat(d.retention()).isEqualTo(new Retention(3650, 2555, 2555, 2555));
        assertThat(d.guardrails().enabled())
                .containsExactlyInAnyOrder(
                        "G1", "G2", "G3", "G4", "G6", "G7", "G10", "G11", "G12", "G13", "G14", "G15", "G16");
        assertThat(d.guardrails().strict()).isTrue();
        assertThat(d.guardrails().piiAction()).isEqualTo(PiiAction.REDACT);
        assertThat(d.knowledgeBases()).singleElement().satisfies(kb -> {
            assertThat(kb.name()).isEqualTo("credit_policy");
            assertThat(kb.path()).isEqualTo(d.directory().resolve("knowledge/credit_policy.md"));
        });
        assertThat(d.libraryRefs())
                .extracting(Object::toString)
                .containsExactly(
                        "roster/agents@v1.0.0", "template/bfsi_baseline@v1.0.0", "workflow/default_ml_pipeline@v1.0.0");
        assertThat(d.configSha256())
                .hasSize(64)
                .isEqualTo(
                        DeploymentReader.sha256(Files.readAllBytes(d.directory().resolve("deployment.yaml"))));
    }

    @Test
    void svcDeploymentSelectsTheFolder() throws IOException {
        Path root = FakeCheckout.create(temp);
        Path globex = DeploymentLayout.directoryOf(root, "globex");

        assertThat(Deployments.fromEnvironment(Map.of())).isEmpty();
        assertThat(Deployments.fromEnvironment(Map.of("SVC_DEPLOYMENT", " "))).isEmpty();
        assertThat(Deployments.fromEnvironment(Map.of("SVC_DEPLOYMENT", globex.toString())))
                .get()
                .extracting(Deployment::customer)
                .isEqualTo("globex");
        assertThatThrownBy(() -> Deployments.fromEnvironment(
                        Map.of("SVC_DEPLOYMENT", root.resolve("nope").toString())))
                .isInstanceOf(DeploymentException.class)
                .hasMessageContaining("no deployment directory at");
    }

    @Test
    void aReplacementKeepsTheTemplatesPlaceInTheTable() throws IOException {
        Path root = FakeCheckout.create(temp);
        Path dir = DeploymentLayout.directoryOf(root, "acme_bank");
        Files.writeString(dir.resolve("deployment.yaml"), FakeCheckout.ACME_CONFIG.replace("""
                    - id: acme-deny-http
                      tool_name: http_get
                      behavior: deny
                      priority: 60
                      reason: Acme models never fetch from the internet.
                """, """
                    - id: bfsi-deny-dangerous-python
                      tool_name: execute_python
                      behavior: deny
                      pattern: 'subprocess|os\\.system'
                      priority: 70
                      reason: Narrower list, higher priority.
                """));

        Deployment d = Deployments.load(dir);

        assertThat(d.permissionRules()).hasSize(5);
        assertThat(d.permissionRules().get(1).origin()).isEqualTo(Origin.CUSTOMER_REPLACES_TEMPLATE);
        assertThat(d.permissionRules().get(1).rule().priority()).isEqualTo(70);
        assertThat(d.permissionRules().get(1).rule().behavior()).isEqualTo(Behavior.DENY);
        assertThat(d.rules().get(1).matches("execute_python", "{\"code\":\"import subprocess\"}"))
                .isTrue();
        assertThat(d.rules().get(1).matches("execute_python", "{\"code\":\"eval(x)\"}"))
                .isFalse();
    }

    @Test
    void loadRefusesAnInvalidDeploymentListingEveryError() throws IOException {
        Path root = FakeCheckout.create(temp);
        Path dir = DeploymentLayout.directoryOf(root, "acme_bank");
        Files.writeString(
                dir.resolve("deployment.yaml"),
                FakeCheckout.ACME_CONFIG
                        .replace("conversations_days: 3650", "conversations_days: 30")
                        .replace("roster/agents@v1.0.0", "roster/agents@latest"));

        assertThatThrownBy(() -> Deployments.load(dir))
                .isInstanceOf(DeploymentException.class)
                .satisfies(e -> assertThat(((DeploymentException) e).findings())
                        .extracting(Finding::line)
                        .containsExactly(20, 22))
                .hasMessageContaining("(2 error(s))");
    }
}
