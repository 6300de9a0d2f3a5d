package svc.deployments.scaffold;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import svc.deployments.CustomerName;
import svc.deployments.DeploymentException;
import svc.deployments.DeploymentLayout;
import svc.library.asset.AssetKind;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;
import svc.library.template.DeploymentTemplate;
import svc.library.template.Retention;
import svc.library.template.TemplateLoader;

/**
 * Writes a new deployment directory: {@code deployment.yaml} pinned to the newest version of the
 * chosen template, a README, and {@code branding/} and {@code knowledge/} placeholders.
 *
 * <p>The config is written with every section present but neutral, and the template's current
 * values in comments, so the customer edits values in place instead of looking up field names;
 * a fresh scaffold validates without findings.
 */
public final class Scaffolder {

    private final Library library;

    public Scaffolder(Library library) {
        this.library = library;
    }

    /**
     * Creates {@code <root>/deployments/customers/<customer>/}.
     *
     * @param templateName a template on the shelf, e.g. {@code bfsi_baseline}
     * @return the new directory
     * @throws DeploymentException when the name is not snake_case of 2..40 characters, the
     *     template is unknown, or the directory exists (nothing is overwritten)
     */
    public Path create(Path root, String customer, String templateName) {
        CustomerName.problem(customer).ifPresent(p -> {
            throw new DeploymentException(p);
        });
        return write(DeploymentLayout.directoryOf(root, customer), customer, templateName);
    }

    /** Writes a deployment named after {@code directory} without the customer-name rule (the scaffold). */
    public Path write(Path directory, String name, String templateName) {
        List<String> templates = library.names(AssetKind.TEMPLATE);
        if (!templates.contains(templateName)) {
            throw new DeploymentException(
                    "unknown template '" + templateName + "'; choose one of " + String.join(", ", templates));
        }
        AssetRef ref = library.latest(AssetKind.TEMPLATE, templateName).ref();
        DeploymentTemplate template = TemplateLoader.load(library, ref);
        Map<String, String> files = new TreeMap<>();
        files.put(DeploymentLayout.CONFIG_FILE, config(name, ref, template));
        files.put(DeploymentLayout.README_FILE, readme(name, ref, template));
        files.put(DeploymentLayout.BRANDING_DIR + "/README.md", """
                # Branding assets

                Put the customer's logo here (SVG or PNG) and point `branding.logo` in
                `../deployment.yaml` at it, e.g. `logo: branding/logo.svg`. Everything in this folder
                ships with the deployment.
                """);
        files.put(DeploymentLayout.KNOWLEDGE_DIR + "/README.md", """
                # Knowledge bases

                Documents the agents may consult (policies, data dictionaries, model risk guidelines).
                Add a file or folder here and list it under `knowledge_bases` in `../deployment.yaml`
                with a name, its path (e.g. `knowledge/credit_policy.md`) and a one-line description.
                Keep personal data out: these files ship in the deployment tarball.
                """);
        try {
            Files.createDirectories(directory.getParent());
            // createDirectory fails on an existing directory: the check and the claim are one step.
            Files.createDirectory(directory);
        } catch (FileAlreadyExistsException e) {
            throw new DeploymentException(directory + " already exists; refusing to overwrite it");
        } catch (IOException e) {
            throw new DeploymentException("cannot create " + directory + ": " + e.getMessage(), e);
        }
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = directory.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new DeploymentException(
                    "cannot write the deployment files under " + directory + ": " + e.getMessage(), e);
        }
        return directory;
    }

    /** The {@code deployment.yaml} a new deployment starts with. */
    public String config(String name, AssetRef templateRef, DeploymentTemplate template) {
        Retention r = template.retention();
        String roster = library.latest(AssetKind.ROSTER, "agents").ref().toString();
        String colors = template.branding().colors() == null
                ? "{}"
                : "{primary: \"" + template.branding().colors().primary() + "\", accent: \""
                        + template.branding().colors().accent() + "\", background: \""
                        + template.branding().colors().background() + "\"}";
        String enabled = template.guardrails().enabled().stream()
                .sorted(Scaffolder::byGuardrailNumber)
                .collect(Collectors.joining(", "));
        return """
                # svc deployment '%1$s' on %2$s.
                # Only 'customer' and 'template' are required; an absent or empty section keeps the
                # template's values. Fields: deployments/README.md. Check: svc deploy validate %1$s
                customer: %1$s
                template: %2$s

                # Shown by the dashboard; unset fields keep the template's.
                branding:
                  product_name: %3$s
                  # subtitle: %4$s
                  # tagline: %5$s
                  # logo: branding/logo.svg
                  # colors: %6$s

                # Documents the agents may consult; paths inside this directory, e.g.
                #  - name: credit_policy
                #    path: knowledge/credit_policy.md
                #    description: The lending policy the models must respect.
                knowledge_bases: []

                # Rules on top of the template's %7$d. A rule with a template rule's id replaces it;
                # the template's denies at priority 60 and above can be tightened, not removed.
                permissions:
                  rules: []

                # The template enables %8$s (strict: %9$s, pii_action: %10$s).
                # Switchable: G1, G3, G4, G5 (runs under this profile), G7 (rate limits in production),
                # G12 with G13 (encryption at rest, needs SVC_KEK). G2, G6, G10, G11, G14, G15, G16
                # cannot be disabled.
                guardrails:
                  enable: []
                  disable: []

                # Days kept; the template keeps conversations %11$d, run events %12$d, audit PDFs %13$d,
                # shadow predictions %14$d.
                retention: {}

                # Further library assets, pinned. The template and its default workflow
                # (%15$s) are active already.
                library:
                  - %16$s
                """.formatted(
                        name,
                        templateRef,
                        template.branding().productName(),
                        template.branding().subtitle(),
                        template.branding().tagline(),
                        colors,
                        template.permissionRules().size(),
                        enabled,
                        template.guardrails().strict(),
                        template.guardrails().piiAction().id(),
                        r.conversationsDays(),
                        r.runEventsDays(),
                        r.auditPdfsDays(),
                        r.shadowPredictionsDays(),
                        template.defaultWorkflow(),
                        roster);
    }

    private static String readme(String name, AssetRef ref, DeploymentTemplate template) {
        return """
                # Deployment: %1$s

                svc deployment for **%1$s**, based on `%2$s`: %3$s

                - Owner: (name and e-mail of whoever answers for this deployment)
                - Departures from the template: (list each override in `deployment.yaml` and why)

                ```bash
                svc deploy validate %1$s                      # findings, one per line
                svc deploy whitepaper %1$s                    # what this deployment enforces
                svc deploy ship %1$s --output=dist            # tarball, MANIFEST.yaml, whitepaper
                SVC_DEPLOYMENT=deployments/customers/%1$s bin/svc server
                ```
                """.formatted(name, ref, template.description());
    }

    private static int byGuardrailNumber(String a, String b) {
        return Integer.compare(Integer.parseInt(a.substring(1)), Integer.parseInt(b.substring(1)));
    }
}
