package svc.deployments.whitepaper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.effective.EffectiveConfig;
import svc.config.effective.Layer;
import svc.config.effective.Origin;
import svc.deployments.Deployment;
import svc.deployments.DeploymentLayout;
import svc.deployments.Deployments;
import svc.deployments.FakeCheckout;
import svc.deployments.effective.GovernanceLayers;
import svc.deployments.scaffold.Scaffolder;
import svc.library.asset.Library;

class WhitepaperTest {

    @TempDir
    Path temp;

    private Path root;

    @BeforeEach
    void checkout() throws IOException {
        root = FakeCheckout.create(temp);
    }

    private String render(String customer) {
        Deployment d = Deployments.load(DeploymentLayout.directoryOf(root, customer));
        return Whitepaper.render(d, Optional.of("1.2.0"));
    }

    @Test
    void hasTheFiveSectionsInOrder() {
        String md = render("acme_bank");

        List<String> headings = md.lines().filter(l -> l.startsWith("## ")).toList();
        assertThat(headings)
                .containsExactly(
                        "## 1. Deployment summary",
                        "## 2. Active guardrails",
                        "## 3. Compliance mapping",
                        "## 4. Verification commands",
                        "## 5. Residual risks");
    }

    @Test
    void bfsiBaselineAndAcmesOverridesAreStated() {
        String md = render("acme_bank");

        assertThat(md).startsWith("# Acme Credit Models: deployment whitepaper for acme_bank");
        assertThat(md)
                .contains("| Template | `template/bfsi_baseline@v1.0.0`: Regulated lending and insurance models.");
        assertThat(md).contains("| Permission rules | 6 (5 from the template, 1 from the customer) |");
        // the five baseline rules, with their patterns escaped for Markdown tables, and the customer's
        assertThat(md)
                .contains("| bfsi-deny-shell | `execute_shell` | deny | 60 | always | template | Shell access is not "
                        + "permitted in a BFSI deployment. |");
        assertThat(md)
                .contains("| bfsi-ask-register-deployment | `register_model_deployment` | ask | 45 | always | "
                        + "template |");
        assertThat(md)
                .contains(
                        "| bfsi-deny-pan-in-files | `write_file` | deny | 60 | arguments match `(?:(?<![A-Za-z0-9])\\|"
                                + "(?<=\\\\[nrt]))[A-Z]{5}[0-9]{4}[A-Z](?![A-Za-z0-9])` |");
        assertThat(md).contains("bfsi-deny-dangerous-python", "bfsi-deny-aadhaar-in-files");
        assertThat(md)
                .contains(
                        "| acme-deny-http | `http_get` | deny | 60 | always | customer | Acme models never fetch from "
                                + "the internet. |");
        // gates
        assertThat(md)
                .contains("| bfsi-fairness-gate | `register_model_deployment` | `audit_fairness` | "
                        + "`${last_tool_result.demographic_parity_difference} > 0.1` | "
                        + "`register_model_deployment` |");
        assertThat(md)
                .contains("| bfsi-drift-gate | `register_model_deployment` | `compute_drift` | "
                        + "`${last_tool_result.max_psi} > 0.25` |");
        // retention: the override and the untouched 2555-day classes
        assertThat(md)
                .contains(
                        "| conversations | 3650 | 2555 |",
                        "| run events | 2555 | 2555 |",
                        "| audit PDFs | 2555 | 2555 |",
                        "| shadow predictions | 2555 | 2555 |");
        // guardrails: what the runtime does, the customer's switch included
        assertThat(md).contains("| G15 subject erasure | yes | always (cannot be disabled; POST /api/v1/erasure) |");
        assertThat(md)
                .contains("| G5 conversation scrubber | no | `svc.governance.guardrails.G5` = `false` "
                        + "(deployment:acme_bank) | switched off |");
        assertThat(md)
                .contains("| G13 encryption at rest | yes | `svc.at-rest.encryption` = `on` "
                        + "(template:template/bfsi_baseline@v1.0.0) |");
        assertThat(md).contains("- G5 (conversation scrubber) is not in force: switched off.");
        assertThat(md).doesNotContain("shown, not applied", "has no effect", "G8", "G9", "G17");
        assertThat(md)
                .contains("| G4 PII guardrail | yes | `svc.governance.guardrails.G4` = `true` "
                        + "(template:template/bfsi_baseline@v1.0.0) | personal data in model output, tool results and"
                        + " stored data is handled by the PII action: **redact**");
        assertThat(md).contains("| G7 per-user rate limit | at server start |");
        // the control mapping names the real rules
        assertThat(md)
                .contains("| Human approval of every deployment | `register_model_deployment` waits for a person "
                        + "(bfsi-ask-register-deployment) |");
        assertThat(md).contains("| Data stays in the network | `http_get` denied (acme-deny-http) |");
        assertThat(md)
                .contains("| Personal data kept out of outputs | G4 redacts detected PII; `write_file` is denied when "
                        + "the content"
                        + " matches bfsi-deny-pan-in-files, bfsi-deny-aadhaar-in-files |");
        assertThat(md)
                .contains("| No arbitrary code execution | `execute_shell` denied (bfsi-deny-shell); `execute_python` "
                        + "denied when"
                        + " the arguments match bfsi-deny-dangerous-python; Python sandboxed by the server's"
                        + " driver (G2, SVC_SANDBOX_DRIVER) |");
        // verification commands carry the real hash and file names
        Deployment d = Deployments.load(DeploymentLayout.directoryOf(root, "acme_bank"));
        assertThat(md).contains("sha256sum deployments/customers/acme_bank/deployment.yaml   # " + d.configSha256());
        assertThat(md).contains("cmp rebuild/svc-acme_bank-1.2.0.tar.gz svc-acme_bank-1.2.0.tar.gz");
        // residual risks follow the settings
        assertThat(md).contains("- G2, G7 depend on the server's environment");
        assertThat(md).doesNotContain("G15 (subject erasure) is");
        assertThat(md).contains("Knowledge bases (credit_policy) ship inside the tarball");
        assertThat(md).doesNotContain("No fairness gate", "Strict mode is off", "Outbound HTTP is not limited");
    }

    @Test
    void theServersConfigurationDecidesWhatTheWhitepaperSaysIsInForce() {
        Deployment d = Deployments.load(DeploymentLayout.directoryOf(root, "globex"));
        Layer defaults = Layer.of(
                Origin.DEFAULT,
                Map.of(
                        "svc.http.env", "development",
                        "svc.at-rest.encryption", "off",
                        "svc.sandbox.driver", "subprocess",
                        "svc.governance.egress-allowlist", ""));
        String development = Whitepaper.render(d, config(d, defaults), Optional.empty());
        assertThat(development)
                .contains("| G7 per-user rate limit | no | `svc.governance.guardrails.G7` = `true` "
                        + "(template:template/generic_ml@v1.0.0); `svc.http.env` = `development` (default) | "
                        + "no rate limit")
                .contains("| G13 encryption at rest | no |")
                .contains("- G7 (per-user rate limit) is not in force")
                .contains("| G1 egress allowlist | no |");

        // The same deployment on a server started with SVC_ENV=production, at-rest encryption and one egress host.
        Layer env = Layer.builder(Origin.Kind.ENV)
                .put("svc.http.env", "production", Origin.env("SVC_ENV"))
                .put("svc.at-rest.encryption", "on", Origin.env("SVC_AT_REST_ENCRYPTION"))
                .put("svc.governance.egress-allowlist", "api.globex.example", Origin.env("SVC_EGRESS_ALLOWLIST"))
                .build();
        String production = Whitepaper.render(d, config(d, defaults, env), Optional.empty());
        assertThat(production)
                .contains("| G7 per-user rate limit | yes | `svc.governance.guardrails.G7` = `true` "
                        + "(template:template/generic_ml@v1.0.0); `svc.http.env` = `production` (env:SVC_ENV) |")
                .contains("| G13 encryption at rest | yes | `svc.at-rest.encryption` = `on` "
                        + "(env:SVC_AT_REST_ENCRYPTION) |")
                .contains("allowlist: api.globex.example")
                .contains("| Data stays in the network | `http_get` limited to the egress allowlist (G1): "
                        + "api.globex.example |")
                .doesNotContain("G7 (per-user rate limit) is not in force")
                .doesNotContain("Outbound HTTP is not limited");

        // A deployment that switches G7 off: no rate limit, even in production, and it says who decided.
        Layer g7Off = Layer.of(Origin.deployment("globex"), Map.of("svc.governance.guardrails.G7", false));
        assertThat(Whitepaper.render(d, config(d, defaults, env, g7Off), Optional.empty()))
                .contains(
                        "| G7 per-user rate limit | no | `svc.governance.guardrails.G7` = `false` (deployment:globex); "
                                + "`svc.http.env` = `production` (env:SVC_ENV) | switched off: no per-user rate "
                                + "limit, even in production |")
                .contains("- G7 (per-user rate limit) is not in force: switched off: no per-user rate limit, even in "
                        + "production.");
    }

    private static EffectiveConfig config(Deployment d, Layer... server) {
        List<Layer> layers = new ArrayList<>(List.of(server));
        layers.add(GovernanceLayers.template(d.templateRef(), d.template()));
        layers.add(GovernanceLayers.deployment(d));
        return EffectiveConfig.resolve(layers, Set.of(GovernanceLayers.EGRESS));
    }

    @Test
    void genericDeploymentReadsDifferentlyWhereItDiffers() {
        String md = render("globex");

        assertThat(md).contains("| Fair treatment of groups before deployment | not enforced: no fairness gate |");
        assertThat(md).contains("None: template `generic_ml` defines no compliance gate.");
        assertThat(md).contains("| conversations | 90 | 90 |");
        assertThat(md)
                .contains("- No fairness gate: a model whose selection rates differ between groups can be deployed");
        assertThat(md).contains("- PII action is mask");
        assertThat(md).contains("| Personal data kept out of outputs | G4 masks detected PII |");
        assertThat(md)
                .contains("| No arbitrary code execution | no deny rule on shell or Python; Python sandboxed by the "
                        + "server's driver (G2, SVC_SANDBOX_DRIVER) |");
        assertThat(md).contains("- Outbound HTTP is not limited by this deployment");
        assertThat(md).doesNotContain("bfsi-");
    }

    @Test
    void hipaaDeploymentNamesWhatPatternsFindAndWhatNeedsAnAddOn() throws IOException {
        new Scaffolder(Library.builtIn()).create(root, "mercy", "hipaa_baseline");
        String md = render("mercy");

        assertThat(md)
                .contains("HIPAA Safe Harbor: 14 of the 18 identifier categories are recognised, in whole or in part,"
                        + " by pattern");
        assertThat(md).contains("| social security numbers | `US_SSN` | - |");
        assertThat(md)
                .contains("| names | nothing | names of the individual, relatives, employers and household members"
                        + " (NER add-on) |");
        assertThat(md).contains("| web URLs | `URL` | bare domain names without a scheme or www |");
        assertThat(md)
                .contains("| dates (except year) directly related to an individual, and all ages over 89 |"
                        + " `DATE`, `AGE_OVER_89` |");
    }

    @Test
    void renderingIsDeterministic() {
        assertThat(render("acme_bank")).isEqualTo(render("acme_bank"));
    }
}
