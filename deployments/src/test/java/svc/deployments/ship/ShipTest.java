package svc.deployments.ship;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.config.Yaml;
import svc.deployments.DeploymentException;
import svc.deployments.FakeCheckout;
import svc.library.asset.Library;

class ShipTest {

    @TempDir
    Path temp;

    private Path root;
    private final Shipper shipper = new Shipper(Library.builtIn());

    @BeforeEach
    void checkout() throws IOException {
        root = FakeCheckout.create(temp.resolve("repo"));
    }

    private Shipper.Result ship(String customer, String output, boolean skip) {
        BuildInfo build = new BuildInfo(
                "2026-11-22T01:00:00Z", "0123456789abcdef0123456789abcdef01234567", "builder-1", 1_700_000_000L);
        return shipper.ship(
                new Shipper.Request(root, customer, temp.resolve(output), Optional.of("1.2.0"), skip, build));
    }

    @Test
    void theTarballHoldsExactlyThePositiveList() throws IOException {
        Shipper.Result result = ship("acme_bank", "out", false);

        assertThat(result.tarball().getFileName()).hasToString("svc-acme_bank-1.2.0.tar.gz");
        List<TarArchiveEntry> entries = read(result.tarball());
        assertThat(entries)
                .extracting(TarArchiveEntry::getName)
                .containsExactlyElementsOf(FakeCheckout.SHIPPED_FOR_ACME.stream()
                        .map(f -> "svc-acme_bank-1.2.0/" + f)
                        .toList());
        assertThat(entries)
                .extracting(TarArchiveEntry::getName)
                .noneMatch(n -> n.contains("globex")
                        || n.contains("/src/test/")
                        || n.contains("/target/")
                        || n.contains(".git/")
                        || n.contains("node_modules")
                        || n.contains(".venv")
                        || n.contains("/runs/")
                        || n.endsWith(".class")
                        || n.endsWith(".pyc")
                        || n.endsWith(".env")
                        || n.contains("/data/"));
    }

    @Test
    void entriesHaveFixedTimesOwnersAndModes() throws IOException {
        List<TarArchiveEntry> entries = read(ship("acme_bank", "out", false).tarball());

        assertThat(entries).allSatisfy(e -> {
            assertThat(e.getModTime().getTime()).isEqualTo(1_700_000_000_000L);
            assertThat(e.getLongUserId()).isZero();
            assertThat(e.getLongGroupId()).isZero();
            assertThat(e.getUserName()).isEmpty();
            assertThat(e.getGroupName()).isEmpty();
            assertThat(e.isFile()).isTrue();
        });
        assertThat(entries)
                .filteredOn(e -> e.getMode() == 0755)
                .extracting(TarArchiveEntry::getName)
                .containsExactly("svc-acme_bank-1.2.0/bin/svc", "svc-acme_bank-1.2.0/mvnw");
        assertThat(entries)
                .filteredOn(e -> e.getMode() != 0755)
                .allSatisfy(e -> assertThat(e.getMode()).isEqualTo(0644));
    }

    @Test
    void contentSurvivesTheRoundTripIncludingPathsLongerThanOneHundredBytes() throws IOException {
        Path tarball = ship("acme_bank", "out", false).tarball();
        String longName =
                "svc-acme_bank-1.2.0/cli/src/main/java/svc/cli/very/long/package/name/that/goes/on/and/on/beyond"
                        + "/the/hundred/byte/limit/of/ustar/Names.java";
        assertThat(longName.length()).isGreaterThan(100);

        try (TarArchiveInputStream in = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(tarball)))) {
            TarArchiveEntry e;
            int seen = 0;
            while ((e = in.getNextEntry()) != null) {
                String relative = e.getName().substring("svc-acme_bank-1.2.0/".length());
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .as(relative)
                        .isEqualTo(Files.readString(root.resolve(relative)));
                seen += e.getName().equals(longName) ? 1 : 0;
            }
            assertThat(seen).isEqualTo(1);
        }
    }

    @Test
    void twoShipsOfTheSameTreeAreByteIdentical() throws IOException {
        Shipper.Result first = ship("acme_bank", "first", false);
        // Touch every file: content is what counts, not the file system's times.
        try (var files = Files.walk(root)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() + 86_400_000L));
            }
        }
        Shipper.Result second = ship("acme_bank", "second", false);

        assertThat(sha256(second.tarball())).isEqualTo(sha256(first.tarball())).isEqualTo(first.tarballSha256());
        byte[] gzip = Files.readAllBytes(first.tarball());
        assertThat(gzip[3]).as("gzip FLG: no name, no comment").isZero();
        assertThat(new byte[] {gzip[4], gzip[5], gzip[6], gzip[7]})
                .as("gzip MTIME")
                .containsOnly(0);
    }

    @Test
    void theManifestHasEveryFieldWithKeysSorted() throws IOException {
        Shipper.Result result = ship("acme_bank", "out", false);
        String text = Files.readString(result.manifest());
        JsonNode manifest = Yaml.MAPPER.readTree(text);

        List<String> keys = new ArrayList<>();
        manifest.fieldNames().forEachRemaining(keys::add);
        assertThat(keys)
                .isSorted()
                .contains(
                        "build_commit",
                        "build_host",
                        "build_timestamp",
                        "core_version",
                        "deployment_config_sha256",
                        "library_manifest");
        assertThat(text.lines()
                        .filter(l -> !l.startsWith(" "))
                        .map(l -> l.substring(0, l.indexOf(':')))
                        .toList())
                .as("top-level keys in file order")
                .isEqualTo(keys);
        assertThat(manifest.get("core_version").asText()).isEqualTo("2.3.4");
        assertThat(manifest.get("version").asText()).isEqualTo("1.2.0");
        assertThat(manifest.get("build_commit").asText()).isEqualTo("0123456789abcdef0123456789abcdef01234567");
        assertThat(manifest.get("build_host").asText()).isEqualTo("builder-1");
        assertThat(manifest.get("build_timestamp").asText()).isEqualTo("2026-11-22T01:00:00Z");
        assertThat(manifest.get("deployment_config_sha256").asText())
                .isEqualTo(sha256(root.resolve("deployments/customers/acme_bank/deployment.yaml")));
        assertThat(manifest.get("tarball_sha256").asText()).isEqualTo(sha256(result.tarball()));
        assertThat(manifest.get("tarball_files").asInt()).isEqualTo(FakeCheckout.SHIPPED_FOR_ACME.size());
        assertThat(manifest.get("library_manifest").toString())
                .as("entries in key order")
                .isEqualTo("{\"roster/agents\":\"v1.0.0\",\"template/bfsi_baseline\":\"v1.0.0\","
                        + "\"workflow/default_ml_pipeline\":\"v1.0.0\"}");
        assertThat(manifest.get("whitepaper_sha256").asText())
                .isEqualTo(sha256(result.whitepaper().orElseThrow()));
        assertThat(Files.readString(result.whitepaper().orElseThrow())).contains("svc-acme_bank-1.2.0.tar.gz");
    }

    @Test
    void anInvalidDeploymentIsNotShippedUnlessValidationIsSkipped() throws IOException {
        Path config = root.resolve("deployments/customers/globex/deployment.yaml");
        Files.writeString(config, Files.readString(config).replace("customer: globex", "customer: globex_corp"));

        assertThatThrownBy(() -> ship("globex", "refused", false))
                .isInstanceOf(DeploymentException.class)
                .satisfies(e -> assertThat(((DeploymentException) e).findings())
                        .singleElement()
                        .asString()
                        .contains("customer 'globex_corp' does not match the directory name 'globex'"));
        assertThat(temp.resolve("refused")).doesNotExist();

        Shipper.Result skipped = ship("globex", "skipped", true);
        assertThat(skipped.whitepaper()).isEmpty();
        assertThat(Files.readString(skipped.manifest())).contains("validation: skipped with 1 error(s)");
        assertThat(read(skipped.tarball()))
                .extracting(TarArchiveEntry::getName)
                .contains("svc-globex-1.2.0/deployments/customers/globex/knowledge/secret_pricing.md")
                .noneMatch(n -> n.contains("acme_bank"));
    }

    @Test
    void refusesABadVersionAndAnUnknownCustomer() {
        BuildInfo build = new BuildInfo("t", "unknown", "h", 0);
        assertThatThrownBy(() -> shipper.ship(
                        new Shipper.Request(root, "acme_bank", temp.resolve("o"), Optional.of("v1"), false, build)))
                .hasMessage("version 'v1' is not X.Y.Z (an optional -suffix allowed, e.g. 1.2.0-rc.1)");
        assertThatThrownBy(() -> shipper.ship(
                        new Shipper.Request(root, "initech", temp.resolve("o"), Optional.empty(), false, build)))
                .hasMessageStartingWith("no deployment 'initech' under ")
                .hasMessageEndingWith("; known: _scaffold, acme_bank, globex");
        assertThatThrownBy(() -> shipper.ship(
                        new Shipper.Request(root, "../repo", temp.resolve("o"), Optional.empty(), false, build)))
                .hasMessage("'../repo' is not a deployment name: snake_case, 2 to 40 characters, or _scaffold");
    }

    static List<TarArchiveEntry> read(Path tarball) throws IOException {
        List<TarArchiveEntry> entries = new ArrayList<>();
        try (InputStream file = Files.newInputStream(tarball);
                TarArchiveInputStream in = new TarArchiveInputStream(new GZIPInputStream(file))) {
            TarArchiveEntry e;
            while ((e = in.getNextEntry()) != null) {
                entries.add(e);
            }
        }
        return entries;
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
