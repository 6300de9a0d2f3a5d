package svc.deployments.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import svc.deployments.DeploymentLayout;
import svc.deployments.Deployments;
import svc.deployments.Deployments.Validation;
import svc.deployments.FakeCheckout;
import svc.deployments.Finding;
import svc.deployments.scaffold.Scaffolder;
import svc.library.asset.Library;

/** Each reviewer finding, with the exact line a user would read. */
class ValidationTest {

    @TempDir
    Path root;

    private Path acme() throws IOException {
        Path dir = DeploymentLayout.directoryOf(root, "acme_bank");
        Files.createDirectories(dir.resolve("knowledge"));
        Files.writeString(dir.resolve("README.md"), "# acme\n");
        return dir;
    }

    private List<String> findings(String yaml) throws IOException {
        Path dir = acme();
        Files.writeString(dir.resolve("deployment.yaml"), yaml);
        return Deployments.validate(dir).findings().stream()
                .map(Finding::toString)
                .toList();
    }

    private static final String BFSI = "customer: acme_bank\ntemplate: template/bfsi_baseline@v1.0.0\n";

    @ParameterizedTest
    @ValueSource(strings = {"generic_ml", "bfsi_baseline", "hipaa_baseline"})
    void aFreshScaffoldHasNoFindings(String template) {
        Path dir = new Scaffolder(Library.builtIn()).create(root, "acme_bank", template);

        Validation validation = Deployments.validate(dir);

        assertThat(validation.findings()).isEmpty();
        assertThat(validation.deployment()).isPresent();
    }

    @Test
    void theShippedScaffoldIsWhatTheScaffolderWritesAndIsValid() throws IOException {
        // Surefire runs in the module folder, deployments/, which holds customers/.
        Path shipped = Path.of("customers", DeploymentLayout.SCAFFOLD).toAbsolutePath();
        Path fresh = new Scaffolder(Library.builtIn())
                .write(root.resolve(DeploymentLayout.SCAFFOLD), DeploymentLayout.SCAFFOLD, "generic_ml");

        for (String file : List.of("deployment.yaml", "README.md", "branding/README.md", "knowledge/README.md")) {
            assertThat(shipped.resolve(file)).as(file).hasSameTextualContentAs(fresh.resolve(file));
        }
        assertThat(Deployments.validate(shipped).findings()).isEmpty();
    }

    @Test
    void missingDirectoryAndMissingConfig() throws IOException {
        assertThat(Deployments.validate(root.resolve("nobody")).findings())
                .singleElement()
                .asString()
                .startsWith("error: .: no deployment directory at ");
        Path dir = acme();
        assertThat(Deployments.validate(dir).findings())
                .singleElement()
                .asString()
                .startsWith("error: deployment.yaml: missing: every deployment needs a deployment.yaml");
    }

    @Test
    void missingReadmeIsAWarning() throws IOException {
        Path dir = acme();
        Files.writeString(dir.resolve("deployment.yaml"), BFSI);
        Files.delete(dir.resolve("README.md"));

        Validation validation = Deployments.validate(dir);

        assertThat(validation.hasErrors()).isFalse();
        assertThat(validation.findings()).singleElement().asString().startsWith("warning: README.md: missing");
    }

    @Test
    void unparseableYamlNamesTheLine() throws IOException {
        assertThat(findings(BFSI + "branding:\n  product_name: [unclosed\n"))
                .singleElement()
                .asString()
                .startsWith("error: deployment.yaml line 4: not valid YAML: while parsing a flow sequence")
                .contains("expected ',' or ']'");
    }

    @Test
    void unknownFieldNamesFieldAndLine() throws IOException {
        assertThat(findings(BFSI + "branding:\n  product_name: Acme\n  colour: red\n"))
                .containsExactly(
                        "error: deployment.yaml line 5: unknown field 'colour' in branding; known fields here: badges,"
                                + " colors,"
                                + " logo, product_name, subtitle, tagline");
        assertThat(findings(BFSI + "retension: {}\n"))
                .singleElement()
                .asString()
                .startsWith("error: deployment.yaml line 3: unknown field 'retension'; known fields here: branding, "
                        + "customer,");
    }

    @Test
    void wrongTypeNamesFieldAndLine() throws IOException {
        assertThat(findings(BFSI + "retention:\n  conversations_days: forever\n"))
                .containsExactly(
                        "error: deployment.yaml line 4: field 'retention.conversations_days': expected a whole number,"
                                + " got 'forever'");
    }

    @Test
    void duplicateKeyIsAnError() throws IOException {
        assertThat(findings(BFSI + "customer: acme_bank\n"))
                .singleElement()
                .asString()
                .startsWith("error: deployment.yaml line 3: not valid YAML: Duplicate field 'customer'");
    }

    @Test
    void customerNameMismatchAndMissingFields() throws IOException {
        assertThat(findings("customer: acme\ntemplate: template/bfsi_baseline@v1.0.0\n"))
                .containsExactly(
                        "error: deployment.yaml line 1: customer 'acme' does not match the directory name 'acme_bank';"
                                + " they must"
                                + " be equal (rename one of them)");
        assertThat(findings("branding: {}\n"))
                .containsExactly(
                        "error: deployment.yaml line 1: field 'customer' is missing; write customer: acme_bank",
                        "error: deployment.yaml line 1: field 'template' is missing; write e.g. template:"
                                + " template/bfsi_baseline@v1.0.0 (templates on the shelf: bfsi_baseline, generic_ml, "
                                + "hipaa_baseline)");
    }

    @Test
    void unknownTemplateAndBadTemplateReference() throws IOException {
        assertThat(findings("customer: acme_bank\ntemplate: template/pci_baseline@v1.0.0\n"))
                .containsExactly(
                        "error: deployment.yaml line 2: unknown template 'pci_baseline'; templates on the shelf: "
                                + "bfsi_baseline,"
                                + " generic_ml, hipaa_baseline");
        assertThat(findings("customer: acme_bank\ntemplate: bfsi_baseline\n"))
                .singleElement()
                .asString()
                .startsWith("error: deployment.yaml line 2: bad template reference: 'bfsi_baseline' is not an asset "
                        + "reference");
        assertThat(findings("customer: acme_bank\ntemplate: template/bfsi_baseline@v9.0.0\n"))
                .singleElement()
                .asString()
                .startsWith(
                        "error: deployment.yaml line 2: template template/bfsi_baseline@v9.0.0 cannot be used: asset"
                                + " template/bfsi_baseline has no version v9.0.0; versions on the shelf: v1.0.0");
    }

    @Test
    void badLibraryReferencesAndMissingAssets() throws IOException {
        List<String> found = findings(BFSI + """
                library:
                  - roster/agents@v1.0.0
                  - workflow/fast_prototype@1.0
                  - workflow/no_such_flow@v1.0.0
                  - roster/agents@v2.0.0
                  - workflow/default_ml_pipeline@v1.0.0
                """);

        assertThat(found).hasSize(4);
        assertThat(found.get(0))
                .startsWith("error: deployment.yaml line 5: bad library reference: 'workflow/fast_prototype@1.0'"
                        + " has an invalid version '1.0'");
        assertThat(found.get(1))
                .isEqualTo("error: deployment.yaml line 6: missing library asset workflow/no_such_flow@v1.0.0:"
                        + " no workflow named 'no_such_flow' on the library shelf; known workflow assets: "
                        + "default_ml_pipeline,"
                        + " fast_prototype, parallel_research");
        assertThat(found.get(2))
                .isEqualTo("error: deployment.yaml line 7: missing library asset roster/agents@v2.0.0: asset"
                        + " roster/agents has no version v2.0.0; versions on the shelf: v1.0.0");
        assertThat(found.get(3))
                .isEqualTo("warning: deployment.yaml line 8: 'workflow/default_ml_pipeline@v1.0.0' is already"
                        + " activated as the template's default workflow; the line can go");
    }

    @Test
    void bfsiRetentionBelowTheMinimumIsAnErrorButAGenericReductionOnlyAWarning() throws IOException {
        assertThat(findings(BFSI + "retention:\n  audit_pdfs_days: 365\n  conversations_days: 3650\n"))
                .containsExactly(
                        "error: deployment.yaml line 4: retention.audit_pdfs_days 365 is below the 2555 days of "
                                + "template"
                                + " bfsi_baseline, which is the regulatory minimum for it; keep 2555 or more");
        assertThat(findings("customer: acme_bank\ntemplate: template/generic_ml@v1.0.0\nretention: "
                        + "{conversations_days: 30}\n"))
                .containsExactly(
                        "warning: deployment.yaml line 3: retention.conversations_days 30 is below the 90 days of"
                                + " template generic_ml");
        assertThat(findings(BFSI + "retention: {run_events_days: 0}\n"))
                .containsExactly(
                        "error: deployment.yaml line 3: retention.run_events_days must be a positive number of days, "
                                + "not 0");
    }

    @Test
    void driftBandsLooserThanABfsiTemplateAreAnErrorAndTheDefaultWorkflowMustBeOnTheShelf() throws IOException {
        assertThat(findings(BFSI + "drift: {watch_psi: 0.1, block_psi: 0.3}\n"))
                .containsExactly("error: deployment.yaml line 3: drift.block_psi 0.3 is above template bfsi_baseline's"
                        + " 0.25: more shift passes to deployment");
        assertThat(findings("customer: acme_bank\ntemplate: template/generic_ml@v1.0.0\n"
                        + "drift: {watch_psi: 0.1, block_psi: 0.3}\n"))
                .singleElement()
                .asString()
                .startsWith("warning: ");
        assertThat(findings(BFSI + "drift: {watch_psi: 0.2, block_psi: 0.1}\n"))
                .containsExactly("error: deployment.yaml line 3: drift needs 0 < watch_psi <= block_psi <= 10, got 0.2"
                        + " and 0.1");
        assertThat(findings(BFSI + "default_workflow: workflow/fast@v1.0.0\n"))
                .singleElement()
                .asString()
                .startsWith("error: deployment.yaml line 3: missing workflow workflow/fast@v1.0.0");
        assertThat(findings(BFSI + "drift: {watch_psi: 0.05, block_psi: 0.2}\n"
                        + "default_workflow: workflow/fast_prototype@v1.0.0\n"))
                .isEmpty();

        Path dir = DeploymentLayout.directoryOf(root, "acme_bank");
        var deployment = Deployments.validate(dir).deployment().orElseThrow();
        assertThat(deployment.defaultWorkflow()).hasToString("workflow/fast_prototype@v1.0.0");
        assertThat(deployment.drift())
                .hasValueSatisfying(b -> assertThat(b.blockPsi()).isEqualTo(0.2));
    }

    @Test
    void allowingAToolTheProfileDeniesAtSixtyIsAnError() throws IOException {
        assertThat(findings(BFSI + """
                permissions:
                  rules:
                    - id: acme-shell-for-ops
                      tool_name: execute_shell
                      behavior: allow
                      priority: 50
                      reason: Ops scripts.
                """))
                .containsExactly("error: deployment.yaml line 7: permission rule 'acme-shell-for-ops': allows"
                        + " execute_shell, which template bfsi_baseline denies at priority 60 (rule "
                        + "'bfsi-deny-shell'); a profile"
                        + " deny at 60 or above beats every allow, so this rule would never apply: remove it");
    }

    @Test
    void replacingABaselineDenyIsAnErrorAndDroppingAnApprovalAWarning() throws IOException {
        assertThat(findings(BFSI + """
                permissions:
                  rules:
                    - id: bfsi-deny-shell
                      tool_name: execute_shell
                      behavior: deny
                      priority: 40
                      reason: Softer.
                    - id: bfsi-ask-register-deployment
                      tool_name: register_model_deployment
                      behavior: allow
                      priority: 45
                      reason: Trust the gates.
                """))
                .containsExactly(
                        "error: deployment.yaml line 5: permission rule 'bfsi-deny-shell': replaces the template's "
                                + "baseline rule"
                                + " 'bfsi-deny-shell' (deny execute_shell at priority 60) with deny execute_shell at "
                                + "priority 40;"
                                + " a deployment may tighten the baseline, not remove it",
                        "warning: deployment.yaml line 10: permission rule 'bfsi-ask-register-deployment': turns the "
                                + "template's"
                                + " approval 'bfsi-ask-register-deployment' on register_model_deployment into an "
                                + "allow; no person"
                                + " will confirm these calls");
    }

    @Test
    void malformedRulesNameTheirField() throws IOException {
        assertThat(findings(BFSI + """
                permissions:
                  rules:
                    - id: r1
                      tool_name: launch_rockets
                      behavior: maybe
                      priority: 101
                      pattern: '(unclosed'
                """))
                .containsExactly(
                        "warning: deployment.yaml line 5: permission rule 'r1': no reason given; denials show the "
                                + "reason to users and auditors",
                        "error: deployment.yaml line 6: permission rule 'r1': tool 'launch_rockets' is not in the "
                                + "tool catalogue",
                        "error: deployment.yaml line 7: permission rule 'r1': behavior 'maybe' is not one of allow, "
                                + "deny, ask",
                        "error: deployment.yaml line 8: permission rule 'r1': priority 101 is outside 0..100",
                        "error: deployment.yaml line 9: permission rule 'r1': pattern does not compile: Unclosed "
                                + "group near index 9");
    }

    @Test
    void emptyBrandingNameAndMissingKnowledgePaths() throws IOException {
        assertThat(findings(BFSI + """
                branding:
                  product_name: "  "
                  logo: branding/logo.svg
                  colors: {primary: blue}
                knowledge_bases:
                  - name: policy
                    path: knowledge/policy.md
                    description: Lending policy.
                  - name: outside
                    path: ../globex/knowledge
                    description: Someone else's.
                """))
                .containsExactly(
                        "error: deployment.yaml line 4: branding.product_name is empty; give a value or remove the "
                                + "line to keep the template's",
                        "error: deployment.yaml line 5: branding.logo: 'branding/logo.svg' does not exist in the "
                                + "deployment directory",
                        "error: deployment.yaml line 6: branding.colors.primary 'blue' is not a #rrggbb colour",
                        "error: deployment.yaml line 9: knowledge base 'policy': 'knowledge/policy.md' does not exist "
                                + "in the deployment directory",
                        "error: deployment.yaml line 12: knowledge base 'outside': '../globex/knowledge' must be a "
                                + "path inside the"
                                + " deployment directory (it is shipped with it), e.g. knowledge/policy.md");
    }

    @Test
    void weakeningGuardrailsOfAStrictTemplateAreWarnings() throws IOException {
        assertThat(findings(BFSI + """
                guardrails:
                  disable: [G4]
                  enable: [G99]
                  strict: false
                  pii_action: mask
                """))
                .containsExactly(
                        "warning: deployment.yaml line 4: turns off guardrail G4, which the strict template "
                                + "bfsi_baseline enables;"
                                + " the whitepaper lists it as a residual risk",
                        "error: deployment.yaml line 5: 'G99' is not a guardrail id; expected G1..G17",
                        "warning: deployment.yaml line 6: strict: false relaxes template bfsi_baseline: a guardrail "
                                + "whose driver is"
                                + " missing will degrade with a warning instead of stopping boot",
                        "warning: deployment.yaml line 7: pii_action mask keeps part of each PII value (template "
                                + "bfsi_baseline redacts it)");
    }

    @Test
    void disablingAnAlwaysOnGuardrailNamingOneNotOfferedOrSplittingG12FromG13AreErrors() throws IOException {
        assertThat(findings(BFSI + """
                guardrails:
                  disable: [G2, G12, G15]
                  enable: [G8, G17, G16]
                """))
                .containsExactlyInAnyOrder(
                        "error: deployment.yaml line 4: G2 (Python sandbox) cannot be disabled: agent Python always "
                                + "runs in the sandbox (svc.sandbox.driver picks the driver); to stop agents running "
                                + "Python, deny execute_python or turn the code_execution feature off",
                        "error: deployment.yaml line 4: G15 (subject erasure) cannot be disabled: erasing a data "
                                + "subject on request (POST /api/v1/erasure) is an obligation the platform always "
                                + "meets",
                        "error: deployment.yaml line 5: G8 (reserved) is not a guardrail svc offers: the "
                                + "specification reserves the id and defines no guardrail for it",
                        "error: deployment.yaml line 5: G17 (supply chain) is not a guardrail svc offers: signed "
                                + "commits, the SBOM and keyless release signing are controls of the CI and release "
                                + "process, which svc does not include; no runtime switch follows it",
                        "warning: deployment.yaml line 4: turns off guardrail G12, which the strict template "
                                + "bfsi_baseline enables; the whitepaper lists it as a residual risk",
                        "error: deployment.yaml line 4: leaves G13 on and G12 off: G12 and G13 are one mechanism "
                                + "here (the journal's envelope encryption at rest, svc.at-rest.encryption): enable "
                                + "both or neither");
        // Enabling one that is always on changes nothing and is accepted; G12 with G13 may be switched off.
        assertThat(findings(BFSI + """
                guardrails:
                  disable: [G12, G13]
                  enable: [G2]
                """)).noneMatch(f -> f.startsWith("error"));
    }

    @Test
    void theAcmeFixtureIsValidWithOneWarning() throws IOException {
        FakeCheckout.create(root);

        Validation validation = Deployments.validate(DeploymentLayout.directoryOf(root, "acme_bank"));

        assertThat(validation.findings())
                .extracting(Finding::toString)
                .containsExactly("warning: deployment.yaml line 18: turns off guardrail G5, which the strict template "
                        + "bfsi_baseline"
                        + " enables; the whitepaper lists it as a residual risk");
    }
}
