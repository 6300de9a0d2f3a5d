package svc.deployments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import svc.deployments.scaffold.Scaffolder;
import svc.library.asset.Library;

/**
 * A small repository tree with everything ship must leave out next to what it must take: tests,
 * build output, VCS data, a virtualenv, node_modules, run output, and two customers.
 */
public final class FakeCheckout {

    /** A path over the 100 bytes a plain ustar name field holds. */
    private static final String LONG_PATH = "cli/src/main/java/svc/cli/very/long/package/name/that/goes/on/and/on/"
            + "beyond/the/hundred/byte/limit/of/ustar/Names.java";

    /** Every file ship must put in a tarball for {@code acme_bank}, sorted. */
    public static final List<String> SHIPPED_FOR_ACME = List.of(
            ".mvn/wrapper/maven-wrapper.properties",
            "LICENSE",
            "README.md",
            "bin/svc",
            "cli/pom.xml",
            "cli/src/main/java/svc/cli/Main.java",
            LONG_PATH,
            "config/pom.xml",
            "config/src/main/java/svc/config/Settings.java",
            "config/src/main/resources/reference.conf",
            "deployments/README.md",
            "deployments/customers/_scaffold/README.md",
            "deployments/customers/_scaffold/branding/README.md",
            "deployments/customers/_scaffold/deployment.yaml",
            "deployments/customers/_scaffold/knowledge/README.md",
            "deployments/customers/acme_bank/README.md",
            "deployments/customers/acme_bank/branding/README.md",
            "deployments/customers/acme_bank/deployment.yaml",
            "deployments/customers/acme_bank/knowledge/README.md",
            "deployments/customers/acme_bank/knowledge/credit_policy.md",
            "deployments/pom.xml",
            "deployments/src/main/java/svc/deployments/Deployments.java",
            "library/pom.xml",
            "library/src/main/resources/svc/library/template/bfsi_baseline/v1.0.0/template.yaml",
            "mvnw",
            "mvnw.cmd",
            "pom.xml",
            "scripts/release.sh");

    private FakeCheckout() {}

    /** Builds the tree under {@code root}: customers {@code acme_bank} (BFSI) and {@code globex} (generic). */
    public static Path create(Path root) throws IOException {
        write(root, "pom.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.svc</groupId>
                  <artifactId>svc-parent</artifactId>
                  <version>2.3.4</version>
                  <packaging>pom</packaging>
                  <dependencies><dependency><version>9.9.9</version></dependency></dependencies>
                  <modules>
                    <module>config</module>
                    <module>library</module>
                    <module>deployments</module>
                    <module>cli</module>
                  </modules>
                </project>
                """);
        executable(root, "mvnw", "#!/bin/sh\necho maven\n");
        write(root, "mvnw.cmd", "@echo maven\r\n");
        write(root, "README.md", "# svc\n");
        write(root, "LICENSE", "Apache-2.0\n");
        write(root, "notes.txt", "personal notes, not shipped\n");
        write(root, ".gitignore", "target/\n");
        write(root, ".env", "SVC_JWT_SECRET=do-not-ship\n");
        write(root, ".mvn/wrapper/maven-wrapper.properties", "distributionUrl=x\n");
        executable(root, "bin/svc", "#!/bin/sh\nexec java -jar svc.jar \"$@\"\n");
        write(root, "scripts/release.sh", "echo release\n");
        write(root, "scripts/__pycache__/helper.cpython-311.pyc", "bytecode");
        for (String module : List.of("config", "library", "deployments", "cli")) {
            write(root, module + "/pom.xml", "<project><artifactId>svc-" + module + "</artifactId></project>\n");
            write(root, module + "/src/test/java/svc/SomeTest.java", "class SomeTest {}\n");
            write(root, module + "/target/classes/svc/Some.class", "cafebabe");
        }
        write(root, "config/src/main/java/svc/config/Settings.java", "class Settings {}\n");
        write(root, "config/src/main/resources/reference.conf", "svc {}\n");
        write(
                root,
                "library/src/main/resources/svc/library/template/bfsi_baseline/v1.0.0/template.yaml",
                "name: bfsi_baseline\n");
        write(root, "library/src/test/resources/broken-shelf/manifest.yaml", "name: broken\n");
        write(root, "deployments/src/main/java/svc/deployments/Deployments.java", "class Deployments {}\n");
        write(root, "deployments/README.md", "# Deployments\n");
        write(root, "cli/src/main/java/svc/cli/Main.java", "class Main {}\n");
        write(root, LONG_PATH, "class Names {}\n");
        write(root, "cli/src/main/java/svc/cli/Main.class", "compiled by an IDE");
        write(root, "cli/node_modules/left-pad/index.js", "module.exports = 1;\n");
        write(root, "cli/src/main/resources/dashboard/node_modules/react/index.js", "x\n");
        write(root, ".git/HEAD", "ref: refs/heads/main\n");
        write(root, ".git/config", "[core]\n");
        write(root, ".venv/bin/python", "python\n");
        write(root, "node_modules/tool/index.js", "x\n");
        write(root, "target/svc.jar", "jar");
        write(root, "data/german_credit.csv", "a,b\n1,2\n");
        write(root, "runs/run-1/metrics.json", "{}\n");
        write(root, ".svc/auth.json", "{\"token\": \"secret\"}\n");

        Scaffolder scaffolder = new Scaffolder(Library.builtIn());
        scaffolder.write(
                DeploymentLayout.directoryOf(root, DeploymentLayout.SCAFFOLD), DeploymentLayout.SCAFFOLD, "generic_ml");
        Path acme = scaffolder.create(root, "acme_bank", "bfsi_baseline");
        write(acme, "knowledge/credit_policy.md", "# Credit policy\n");
        Files.writeString(acme.resolve(DeploymentLayout.CONFIG_FILE), ACME_CONFIG);
        scaffolder.create(root, "globex", "generic_ml");
        write(root, "deployments/customers/globex/knowledge/secret_pricing.md", "globex only\n");
        return root;
    }

    /** acme_bank's configuration: BFSI with overrides in every section. */
    public static final String ACME_CONFIG = """
            customer: acme_bank
            template: template/bfsi_baseline@v1.0.0
            branding:
              product_name: Acme Credit Models
              badges: [RBI model risk, fairness gate]
            knowledge_bases:
              - name: credit_policy
                path: knowledge/credit_policy.md
                description: The lending policy every model must respect.
            permissions:
              rules:
                - id: acme-deny-http
                  tool_name: http_get
                  behavior: deny
                  priority: 60
                  reason: Acme models never fetch from the internet.
            guardrails:
              disable: [G5]
            retention:
              conversations_days: 3650
            library:
              - roster/agents@v1.0.0
            """;

    public static Path write(Path root, String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    private static void executable(Path root, String relative, String text) throws IOException {
        Path file = write(root, relative, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
