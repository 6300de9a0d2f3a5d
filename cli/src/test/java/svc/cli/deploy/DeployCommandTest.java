package svc.cli.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import svc.cli.ExitCodes;
import svc.cli.Main;
import svc.config.Json;
import svc.config.Yaml;
import svc.governance.signing.Digests;
import svc.governance.signing.Ed25519Signer;

/** The deploy commands in-process, on a temporary checkout with two customers and everything ship must leave out. */
class DeployCommandTest {

    @TempDir
    Path temp;

    private Path root;
    private Path keys;
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--root=" + root);
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    }

    @BeforeEach
    void checkout() throws IOException {
        keys = temp.resolve("keys");
        Ed25519Signer.generate(keys, Clock.systemUTC());
        root = temp.resolve("repo");
        write(
                "pom.xml",
                "<project><version>3.1.0</version><modules><module>core</module><module>library</module>"
                        + "<module>deployments</module></modules></project>\n");
        write("README.md", "# svc\n");
        write("notes.md.bak", "not shipped\n");
        Path mvnw = write("mvnw", "#!/bin/sh\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        write(".mvn/wrapper/maven-wrapper.properties", "x=1\n");
        write("bin/svc", "#!/bin/sh\n");
        write("scripts/bench.sh", "echo\n");
        for (String m : List.of("core", "library", "deployments")) {
            write(m + "/pom.xml", "<project/>\n");
            write(m + "/src/main/java/svc/" + m + "/App.java", "class App {}\n");
            write(m + "/src/test/java/svc/" + m + "/AppTest.java", "class AppTest {}\n");
            write(m + "/target/app.jar", "jar");
        }
        write(".git/HEAD", "ref: refs/heads/main\n");
        write("core/node_modules/x/index.js", "x\n");
        write(".venv/lib/site.py", "x\n");
        write("runs/r1/metrics.json", "{}\n");
        assertThat(Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(new StringWriter()),
                        "deploy",
                        "new",
                        "acme_bank",
                        "--template=bfsi_baseline",
                        "--root=" + root))
                .isZero();
        assertThat(Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(new StringWriter()),
                        "deploy",
                        "new",
                        "globex",
                        "--template=generic_ml",
                        "--root=" + root))
                .isZero();
        // The scaffold is a deployment like the others, with the reserved name.
        Path scaffold = root.resolve("deployments/customers/_scaffold");
        Files.createDirectories(scaffold);
        Files.writeString(
                scaffold.resolve("deployment.yaml"), "customer: _scaffold\ntemplate: template/generic_ml@v1.0.0\n");
        Files.writeString(scaffold.resolve("README.md"), "# Default deployment\n");
    }

    private Path write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    // --- new -----------------------------------------------------------------------------------

    @Test
    void newScaffoldsConfigReadmeAndPlaceholders() {
        assertThat(run("deploy", "new", "initech", "--template=hipaa_baseline")).isEqualTo(ExitCodes.OK);

        Path dir = root.resolve("deployments/customers/initech");
        assertThat(out.toString()).startsWith("created " + dir + " (hipaa_baseline)");
        assertThat(dir.resolve("deployment.yaml"))
                .content()
                .contains("customer: initech\n", "template: template/hipaa_baseline@v1.0.0\n");
        assertThat(dir.resolve("README.md")).exists();
        assertThat(dir.resolve("branding/README.md")).exists();
        assertThat(dir.resolve("knowledge/README.md")).exists();
        assertThat(run("deploy", "validate", "initech")).isEqualTo(ExitCodes.OK);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"a", "Acme", "acme-bank", "acme__bank", "_acme", "abcdefghij_abcdefghij_abcdefghij_abcdefghij"})
    void newRejectsBadNamesWithOneLine(String name) {
        assertThat(run("deploy", "new", name, "--template=generic_ml")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString().lines()).singleElement().asString().startsWith("svc: customer name '" + name + "' ");
        assertThat(root.resolve("deployments/customers/" + name)).doesNotExist();
    }

    @Test
    void newRejectsAnUnknownTemplate() {
        assertThat(run("deploy", "new", "initech", "--template=pci_baseline")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString())
                .isEqualTo("svc: unknown template 'pci_baseline'; choose one of bfsi_baseline, generic_ml,"
                        + " hipaa_baseline\n");
    }

    @Test
    void newRefusesToOverwrite() throws IOException {
        Path config = root.resolve("deployments/customers/acme_bank/deployment.yaml");
        String before = Files.readString(config);

        assertThat(run("deploy", "new", "acme_bank", "--template=generic_ml")).isEqualTo(ExitCodes.FAILURE);

        assertThat(err.toString())
                .isEqualTo("svc: " + root.resolve("deployments/customers/acme_bank")
                        + " already exists; refusing to overwrite it\n");
        assertThat(config).hasContent(before);
    }

    // --- validate ------------------------------------------------------------------------------

    @Test
    void validateAcceptsAFreshDeployment() {
        assertThat(run("deploy", "validate", "acme_bank")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).isEqualTo("OK: deployment acme_bank is valid (0 errors, 0 warnings)\n");
    }

    @Test
    void validatePrintsEveryFindingOnePerLineAndExitsOne() throws IOException {
        write("deployments/customers/globex/deployment.yaml", """
        customer: globex_inc
        template: template/generic_ml@v1.0.0
        retention: {conversations_days: 30}
        library:
          - roster/agents
          - workflow/fraud_rules@v1.0.0
        """);

        assertThat(run("deploy", "validate", "globex")).isEqualTo(ExitCodes.FAILURE);

        assertThat(out.toString().lines())
                .containsExactly(
                        "error: deployment.yaml line 1: customer 'globex_inc' does not match the directory name "
                                + "'globex'; they must be"
                                + " equal (rename one of them)",
                        "warning: deployment.yaml line 3: retention.conversations_days 30 is below the 90 days of "
                                + "template generic_ml",
                        "error: deployment.yaml line 5: bad library reference: 'roster/agents' is not an asset "
                                + "reference: expected"
                                + " <kind>/<name>@vX.Y.Z with kind one of workflow, roster, template, name in "
                                + "[a-z][a-z0-9_]*, e.g."
                                + " workflow/default_ml_pipeline@v1.0.0",
                        "error: deployment.yaml line 6: missing library asset workflow/fraud_rules@v1.0.0: no "
                                + "workflow named"
                                + " 'fraud_rules' on the library shelf; known workflow assets: default_ml_pipeline, "
                                + "fast_prototype,"
                                + " parallel_research");
        assertThat(err.toString()).isEqualTo("svc: deployment globex is not valid: 3 errors, 1 warning\n");
    }

    @Test
    void validateReportsAMissingConfigAndAnUnknownCustomer() throws IOException {
        Files.delete(root.resolve("deployments/customers/globex/deployment.yaml"));
        assertThat(run("deploy", "validate", "globex")).isEqualTo(ExitCodes.FAILURE);
        assertThat(out.toString()).startsWith("error: deployment.yaml: missing");

        assertThat(run("deploy", "validate", "umbrella")).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString())
                .isEqualTo("svc: no deployment 'umbrella' under " + root.resolve("deployments/customers")
                        + "; known: _scaffold, acme_bank, globex (svc deploy new umbrella --template=... "
                        + "creates one)\n");
    }

    @Test
    void aPathIsNotACustomerName() {
        assertThat(run("deploy", "validate", "../../etc")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).startsWith("svc: customer name '../../etc' is not snake_case");
    }

    // --- ship ----------------------------------------------------------------------------------

    @Test
    void shipWritesThePositiveListManifestAndWhitepaper() throws IOException {
        Path dist = temp.resolve("dist");
        assertThat(run("deploy", "ship", "acme_bank", "--key-dir=" + keys, "--output=" + dist, "--version=1.0.0"))
                .isEqualTo(ExitCodes.OK);

        Path tarball = dist.resolve("svc-acme_bank-1.0.0.tar.gz");
        assertThat(out.toString().lines())
                .containsExactly(
                        "wrote " + tarball + " (18 files, sha256 " + sha256(tarball) + ")",
                        "wrote " + dist.resolve("MANIFEST.yaml"),
                        "wrote " + dist.resolve("WHITEPAPER.md"),
                        "wrote " + dist.resolve("svc-acme_bank-1.0.0.cdx.json"),
                        "signed svc-acme_bank-1.0.0.tar.gz and svc-acme_bank-1.0.0.cdx.json with ed25519 key "
                                + Digests.fingerprint(Ed25519Signer.load(keys, Clock.systemUTC())
                                        .publicKey()));
        String p = "svc-acme_bank-1.0.0/";
        assertThat(entries(tarball))
                .containsExactly(
                        p + ".mvn/wrapper/maven-wrapper.properties",
                        p + "README.md",
                        p + "bin/svc",
                        p + "core/pom.xml",
                        p + "core/src/main/java/svc/core/App.java",
                        p + "deployments/customers/_scaffold/README.md",
                        p + "deployments/customers/_scaffold/deployment.yaml",
                        p + "deployments/customers/acme_bank/README.md",
                        p + "deployments/customers/acme_bank/branding/README.md",
                        p + "deployments/customers/acme_bank/deployment.yaml",
                        p + "deployments/customers/acme_bank/knowledge/README.md",
                        p + "deployments/pom.xml",
                        p + "deployments/src/main/java/svc/deployments/App.java",
                        p + "library/pom.xml",
                        p + "library/src/main/java/svc/library/App.java",
                        p + "mvnw",
                        p + "pom.xml",
                        p + "scripts/bench.sh")
                .hasSize(18);

        JsonNode manifest = Yaml.MAPPER.readTree(dist.resolve("MANIFEST.yaml").toFile());
        List<String> keys = new ArrayList<>();
        manifest.fieldNames().forEachRemaining(keys::add);
        assertThat(keys)
                .isSorted()
                .containsSubsequence(
                        "build_commit",
                        "build_host",
                        "build_timestamp",
                        "core_version",
                        "deployment_config_sha256",
                        "library_manifest");
        assertThat(manifest.get("core_version").asText()).isEqualTo("3.1.0");
        assertThat(manifest.get("build_commit").asText()).matches("unknown|[0-9a-f]{40}");
        assertThat(manifest.get("build_timestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(manifest.get("deployment_config_sha256").asText())
                .isEqualTo(sha256(root.resolve("deployments/customers/acme_bank/deployment.yaml")));
        assertThat(manifest.get("library_manifest").toString())
                .isEqualTo("{\"roster/agents\":\"v1.0.0\",\"template/bfsi_baseline\":\"v1.0.0\","
                        + "\"workflow/default_ml_pipeline\":\"v1.0.0\"}");
        assertThat(dist.resolve("WHITEPAPER.md"))
                .content()
                .contains("## 5. Residual risks", "svc-acme_bank-1.0.0.tar.gz");
    }

    @Test
    void twoShipsAreByteIdentical() throws IOException {
        assertThat(run("deploy", "ship", "globex", "--key-dir=" + keys, "--output=" + temp.resolve("a")))
                .isEqualTo(ExitCodes.OK);
        assertThat(run("deploy", "ship", "globex", "--key-dir=" + keys, "--output=" + temp.resolve("b")))
                .isEqualTo(ExitCodes.OK);

        assertThat(sha256(temp.resolve("b/svc-globex-3.1.0.tar.gz")))
                .isEqualTo(sha256(temp.resolve("a/svc-globex-3.1.0.tar.gz")));
        assertThat(entries(temp.resolve("a/svc-globex-3.1.0.tar.gz"))).noneMatch(e -> e.contains("acme_bank"));
    }

    @Test
    void shipValidatesFirstUnlessSkipped() throws IOException {
        write(
                "deployments/customers/acme_bank/deployment.yaml",
                "customer: acme_bank\ntemplate: template/bfsi_baseline@v1.0.0\nretention: {audit_pdfs_days: 365}\n");
        Path dist = temp.resolve("dist");

        assertThat(run("deploy", "ship", "acme_bank", "--key-dir=" + keys, "--output=" + dist))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString().lines())
                .containsExactly(
                        "error: deployment.yaml line 3: retention.audit_pdfs_days 365 is below the 2555 days of "
                                + "template bfsi_baseline,"
                                + " which is the regulatory minimum for it; keep 2555 or more",
                        "svc: deployment acme_bank is not valid; fix the errors or ship with --skip-validate");
        assertThat(dist).doesNotExist();

        assertThat(run("deploy", "ship", "acme_bank", "--key-dir=" + keys, "--output=" + dist, "--skip-validate"))
                .isEqualTo(ExitCodes.OK);
        assertThat(dist.resolve("svc-acme_bank-3.1.0.tar.gz")).exists();
        assertThat(err.toString()).contains("svc: shipped with validation errors (--skip-validate)");
    }

    @Test
    void shipRejectsABadVersion() {
        assertThat(run(
                        "deploy",
                        "ship",
                        "acme_bank",
                        "--key-dir=" + keys,
                        "--output=" + temp.resolve("d"),
                        "--version=latest"))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString())
                .isEqualTo("svc: version 'latest' is not X.Y.Z (an optional -suffix allowed, e.g. 1.2.0-rc.1)\n");
    }

    // --- SBOM, signatures and verify (G17) ------------------------------------------------------

    @Test
    void shipWritesACycloneDxSbomOfTheTarballAndVerifyAcceptsIt() throws IOException {
        write(
                "cli/target/svc-bom.json",
                "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.5\",\"components\":["
                        + "{\"type\":\"library\",\"group\":\"org.apache.pekko\",\"name\":\"pekko-actor_2.13\","
                        + "\"version\":\"1.7.0\",\"purl\":\"pkg:maven/org.apache.pekko/pekko-actor_2.13@1.7.0\"}]}");
        Path dist = temp.resolve("dist");
        assertThat(run("deploy", "ship", "globex", "--key-dir=" + keys, "--output=" + dist, "--version=2.0.0"))
                .as(err.toString())
                .isEqualTo(ExitCodes.OK);
        Path tarball = dist.resolve("svc-globex-2.0.0.tar.gz");
        Path sbom = dist.resolve("svc-globex-2.0.0.cdx.json");

        JsonNode bom = Json.parse(Files.readString(sbom));
        assertThat(bom.path("bomFormat").asText()).isEqualTo("CycloneDX");
        assertThat(bom.path("specVersion").asText()).isEqualTo("1.5");
        assertThat(bom.path("metadata")
                        .path("component")
                        .path("hashes")
                        .get(0)
                        .path("content")
                        .asText())
                .isEqualTo(sha256(tarball));
        List<String> files = new ArrayList<>();
        bom.path("components").forEach(c -> {
            if (c.path("type").asText().equals("file")) {
                files.add(c.path("name").asText());
            }
        });
        assertThat(files).isEqualTo(entries(tarball));
        assertThat(bom.path("components").findValuesAsText("purl"))
                .containsExactly("pkg:maven/org.apache.pekko/pekko-actor_2.13@1.7.0");
        for (Path signed : List.of(tarball, sbom)) {
            assertThat(Path.of(signed + ".sig")).isRegularFile();
            assertThat(Path.of(signed + ".receipt.json")).content().contains("\"algorithm\" : \"Ed25519\"");
        }

        assertThat(verify(tarball, keys.resolve(Ed25519Signer.PUBLIC_FILE))).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().lines())
                .contains("verified: " + tarball)
                .anyMatch(l -> l.startsWith("ok: SBOM file digests: " + files.size() + " entries match"));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void verifyFailsOnATamperedTarballATamperedSbomAndAWrongKey() throws IOException {
        Path dist = temp.resolve("dist");
        assertThat(run("deploy", "ship", "globex", "--key-dir=" + keys, "--output=" + dist))
                .isEqualTo(ExitCodes.OK);
        Path tarball = dist.resolve("svc-globex-3.1.0.tar.gz");
        Path sbom = dist.resolve("svc-globex-3.1.0.cdx.json");
        byte[] original = Files.readAllBytes(tarball);
        String originalSbom = Files.readString(sbom);

        // A wrong key: both signatures fail, named.
        Path other = temp.resolve("other-keys");
        Ed25519Signer.generate(other, Clock.systemUTC());
        assertThat(verify(tarball, other)).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString().lines())
                .anyMatch(l -> l.startsWith("svc: FAILED: tarball signature: receipt was signed by key"))
                .anyMatch(l -> l.startsWith("svc: FAILED: SBOM signature: receipt was signed by key"))
                .contains("svc: " + tarball + " does NOT verify (2 failed check(s))");

        // A tampered tarball: another ship of a changed tree put in its place, its old sidecars kept.
        write("deployments/customers/globex/README.md", "# Globex, changed after signing\n");
        Path elsewhere = temp.resolve("dist2");
        assertThat(run("deploy", "ship", "globex", "--key-dir=" + keys, "--output=" + elsewhere))
                .isEqualTo(ExitCodes.OK);
        Files.copy(elsewhere.resolve(tarball.getFileName()), tarball, StandardCopyOption.REPLACE_EXISTING);
        assertThat(verify(tarball, keys)).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString().lines())
                .anyMatch(l -> l.startsWith("svc: FAILED: tarball signature: file content changed"))
                .anyMatch(l -> l.startsWith("svc: FAILED: SBOM digest of the tarball: the SBOM says sha256 "))
                .anyMatch(l -> l.startsWith(
                        "svc: FAILED: entry svc-globex-3.1.0/deployments/customers/globex/README.md:" + " sha256 "));
        assertThat(out.toString()).contains("ok: SBOM signature");
        Files.write(tarball, original);
        assertThat(verify(tarball, keys)).isEqualTo(ExitCodes.OK);

        // A tampered SBOM: one entry's digest changed.
        String entry = entries(tarball).get(0);
        JsonNode bom = Json.parse(originalSbom);
        bom.path("components").forEach(c -> {
            if (c.path("name").asText().equals(entry)) {
                ((ObjectNode) c.path("hashes").get(0)).put("content", "0".repeat(64));
            }
        });
        Files.writeString(sbom, bom.toString());
        String actual = sha256Entry(tarball, entry);
        assertThat(verify(tarball, keys)).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString().lines())
                .anyMatch(l -> l.startsWith("svc: FAILED: SBOM signature: file content changed"))
                .contains("svc: FAILED: entry " + entry + ": sha256 " + actual + " in the tarball, " + "0".repeat(64)
                        + " in the SBOM");
        assertThat(out.toString()).contains("ok: tarball signature");
    }

    @Test
    void shipNeedsAKeyAndRefusesKeylessCosign() {
        Path dist = temp.resolve("dist");
        assertThat(run("deploy", "ship", "globex", "--output=" + dist, "--key-dir=" + temp.resolve("none")))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).startsWith("svc: no usable signing key in " + temp.resolve("none"));
        assertThat(run("deploy", "ship", "globex", "--output=" + dist, "--signer=cosign_keyless"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).startsWith("svc: --signer cosign_keyless is refused");
        assertThat(dist).doesNotExist();
    }

    @Test
    void keygenWritesAPairAndNeverOverwritesIt() {
        Path dir = temp.resolve("new-keys");
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "deploy", "keygen", dir.toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(dir.resolve(Ed25519Signer.PRIVATE_FILE)).isRegularFile();
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(err, true), "deploy", "keygen", dir.toString()))
                .isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).contains("a signing key already exists; not overwriting it");
    }

    private int verify(Path tarball, Path key) {
        out = new StringWriter();
        err = new StringWriter();
        return Main.run(
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                "deploy",
                "verify",
                tarball.toString(),
                "--key=" + key);
    }

    private static String sha256Entry(Path tarball, String name) throws IOException {
        try (InputStream file = Files.newInputStream(tarball);
                TarArchiveInputStream in = new TarArchiveInputStream(new GZIPInputStream(file))) {
            TarArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                if (e.getName().equals(name)) {
                    return HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
                }
            }
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError(name + " not in " + tarball);
    }

    // --- whitepaper ----------------------------------------------------------------------------

    @Test
    void whitepaperPrintsFiveSectionsWithTheBfsiBaseline() {
        assertThat(run("deploy", "whitepaper", "acme_bank")).isEqualTo(ExitCodes.OK);

        String md = out.toString();
        assertThat(md.lines().filter(l -> l.startsWith("## ")))
                .containsExactly(
                        "## 1. Deployment summary",
                        "## 2. Active guardrails",
                        "## 3. Compliance mapping",
                        "## 4. Verification commands",
                        "## 5. Residual risks");
        assertThat(md)
                .contains(
                        "| Permission rules | 5 (5 from the template, 0 from the customer) |",
                        "| bfsi-deny-shell | `execute_shell` | deny | 60 | always | template |",
                        "`${last_tool_result.demographic_parity_difference} > 0.1`",
                        "`${last_tool_result.max_psi} > 0.25`",
                        "| conversations | 2555 | 2555 |",
                        "| shadow predictions | 2555 | 2555 |");
        // Written from what `svc server` would run with here: the server's settings are known, with origins.
        assertThat(md)
                .contains("`svc.http.env` = `", "`svc.sandbox.driver` = `", "`svc.at-rest.encryption` = `")
                .doesNotContain("at server start");
    }

    @Test
    void whitepaperRefusesAnInvalidDeployment() throws IOException {
        write("deployments/customers/globex/deployment.yaml", "customer: globex\ntemplate: template/nope@v1.0.0\n");

        assertThat(run("deploy", "whitepaper", "globex")).isEqualTo(ExitCodes.FAILURE);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString()).startsWith("error: deployment.yaml line 2: unknown template 'nope'");
    }

    // --- help ----------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"", "new", "validate", "ship", "verify", "keygen", "whitepaper"})
    void everyCommandHasHelpWithAnExample(String sub) {
        List<String> args = new ArrayList<>(List.of("deploy"));
        if (!sub.isEmpty()) {
            args.add(sub);
        }
        args.add("--help");
        assertThat(Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new)))
                .isZero();
        assertThat(out.toString()).contains("Examples:", "  svc deploy " + (sub.isEmpty() ? "new" : sub) + " ");
    }

    @Test
    void deployAloneIsAUsageError() {
        assertThat(run("deploy")).isEqualTo(ExitCodes.USAGE);
    }

    private static List<String> entries(Path tarball) throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream file = Files.newInputStream(tarball);
                TarArchiveInputStream in = new TarArchiveInputStream(new GZIPInputStream(file))) {
            TarArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                names.add(e.getName());
            }
        }
        return names;
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
