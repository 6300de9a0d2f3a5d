package svc.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.retention.RetentionClass;
import svc.core.retention.RetentionPolicy;
import svc.core.retention.RetentionSettings;
import svc.library.template.Retention;

/** What `svc server` takes from the deployment SVC_DEPLOYMENT selects: profile and retention days. */
class DeploymentSettingsTest {

    @Test
    void aDeploymentsRetentionOverridesApplyToRunsUnderItsTemplate(@TempDir Path root) throws Exception {
        Path dir = Files.createDirectories(root.resolve("acme_bank"));
        Files.writeString(
                dir.resolve("deployment.yaml"),
                "customer: acme_bank\ntemplate: template/bfsi_baseline@v1.0.0\n"
                        + "retention: {conversations_days: 3650}\n");
        ServerConfiguration.Resolved resolved = ServerConfiguration.resolve(
                Map.of("SVC_DEPLOYMENT", dir.toString()), root.resolve("no-settings.json"), root, Map.of());

        RetentionSettings settings = RetentionSettings.fromConfig(resolved.config());
        assertThat(settings.defaultProfile()).isEqualTo("bfsi_baseline");
        assertThat(settings.deploymentTemplate()).isEqualTo("bfsi_baseline");
        assertThat(settings.deploymentDays()).isEqualTo(new Retention(3650, 2555, 2555, 2555));

        RetentionPolicy policy = RetentionPolicy.of(settings);
        assertThat(policy.days(null, RetentionClass.CONVERSATIONS)).isEqualTo(3650);
        assertThat(policy.days("bfsi_baseline", RetentionClass.CONVERSATIONS)).isEqualTo(3650);
        assertThat(policy.days("hipaa_baseline", RetentionClass.CONVERSATIONS)).isEqualTo(2190);
        assertThat(policy.days("generic_ml", RetentionClass.AUDIT_PDFS)).isEqualTo(365);
    }
}
