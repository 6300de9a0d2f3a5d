package svc.deployments.ship;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import svc.config.Yaml;
import svc.deployments.Deployment;
import svc.deployments.DeploymentException;
import svc.deployments.DeploymentLayout;
import svc.deployments.Deployments;
import svc.deployments.Finding;
import svc.deployments.config.DeploymentReader;
import svc.deployments.whitepaper.Whitepaper;
import svc.library.asset.AssetRef;
import svc.library.asset.Library;

/**
 * Builds what a customer receives: {@code svc-<customer>-<version>.tar.gz} (the positive list of
 * {@link ShipSelection} under a {@code svc-<customer>-<version>/} folder), {@code MANIFEST.yaml}
 * and {@code WHITEPAPER.md}, all in the output folder.
 *
 * <p>Validation runs first unless skipped; with errors nothing is written. With validation
 * skipped and a deployment that does not load, the manifest's library section lists only what
 * could be read and the whitepaper is not written (it would describe settings that are not in
 * force).
 */
public final class Shipper {

    public static final String MANIFEST_FILE = "MANIFEST.yaml";
    public static final String WHITEPAPER_FILE = "WHITEPAPER.md";
    private static final Pattern VERSION =
            Pattern.compile("(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(-[0-9A-Za-z.]+)?");

    private final Library library;

    public Shipper(Library library) {
        this.library = library;
    }

    /**
     * What to ship.
     *
     * @param version        {@code X.Y.Z} with an optional {@code -suffix}; empty: the core version
     * @param skipValidation ship even when validation finds errors
     */
    public record Request(
            Path root,
            String customer,
            Path output,
            Optional<String> version,
            boolean skipValidation,
            BuildInfo build) {}

    /**
     * What was written.
     *
     * @param entries the tarball's entry names, in archive order
     * @param warnings validation warnings (and, when skipped, errors) to show the user
     */
    public record Result(
            Path tarball,
            Path manifest,
            Optional<Path> whitepaper,
            String tarballSha256,
            List<String> entries,
            List<Finding> warnings) {}

    public Result ship(Request request) {
        Path root = request.root().toAbsolutePath().normalize();
        RootPom pom = RootPom.read(root);
        String version = request.version().orElse(pom.version());
        if (!VERSION.matcher(version).matches()) {
            throw new DeploymentException(
                    "version '" + version + "' is not X.Y.Z (an optional -suffix allowed, e.g. 1.2.0-rc.1)");
        }
        if (!DeploymentLayout.isDeploymentName(request.customer())) {
            throw new DeploymentException("'" + request.customer() + "' is not a deployment name: snake_case, 2 to 40"
                    + " characters, or " + DeploymentLayout.SCAFFOLD);
        }
        Path dir = DeploymentLayout.directoryOf(root, request.customer());
        if (!Files.isDirectory(dir)) {
            throw new DeploymentException(
                    "no deployment '" + request.customer() + "' under " + DeploymentLayout.customersDir(root)
                            + "; known: " + String.join(", ", DeploymentLayout.deploymentNames(root)));
        }
        Deployments.Validation validation = Deployments.validate(dir, library);
        if (validation.hasErrors() && !request.skipValidation()) {
            throw new DeploymentException(
                    "deployment " + request.customer() + " is not valid; fix the errors or ship with"
                            + " --skip-validate",
                    validation.findings().stream().filter(Finding::isError).toList());
        }
        String base = "svc-" + request.customer() + "-" + version;
        List<String> files = ShipSelection.select(root, request.customer(), pom.modules());
        List<ReproducibleTarball.Entry> entries = files.stream()
                .map(f -> new ReproducibleTarball.Entry(base + "/" + f, root.resolve(f)))
                .toList();
        try {
            Files.createDirectories(request.output());
            Path tarball = request.output().resolve(base + ".tar.gz");
            ReproducibleTarball.write(tarball, entries, request.build().entryEpoch());
            String tarballSha = DeploymentReader.sha256(Files.readAllBytes(tarball));
            Optional<Path> whitepaper = Optional.empty();
            Optional<String> whitepaperSha = Optional.empty();
            if (validation.deployment().isPresent()) {
                String text = Whitepaper.render(validation.deployment().get(), Optional.of(version));
                Path file = request.output().resolve(WHITEPAPER_FILE);
                Files.writeString(file, text, StandardCharsets.UTF_8);
                whitepaper = Optional.of(file);
                whitepaperSha = Optional.of(DeploymentReader.sha256(text.getBytes(StandardCharsets.UTF_8)));
            }
            Path manifest = request.output().resolve(MANIFEST_FILE);
            Files.writeString(
                    manifest,
                    manifest(request, pom, version, validation, dir, tarball, tarballSha, files.size(), whitepaperSha),
                    StandardCharsets.UTF_8);
            return new Result(
                    tarball,
                    manifest,
                    whitepaper,
                    tarballSha,
                    entries.stream().map(ReproducibleTarball.Entry::name).toList(),
                    validation.findings());
        } catch (IOException e) {
            throw new DeploymentException(
                    "cannot write the ship output in " + request.output() + ": " + e.getMessage(), e);
        }
    }

    private String manifest(
            Request request,
            RootPom pom,
            String version,
            Deployments.Validation validation,
            Path dir,
            Path tarball,
            String tarballSha,
            int fileCount,
            Optional<String> whitepaperSha)
            throws IOException {
        Map<String, Object> m = new TreeMap<>();
        m.put("build_commit", request.build().commit());
        m.put("build_host", request.build().host());
        m.put("build_timestamp", request.build().timestamp());
        m.put("core_version", pom.version());
        m.put("customer", request.customer());
        m.put(
                "deployment_config_sha256",
                DeploymentReader.sha256(Files.readAllBytes(dir.resolve(DeploymentLayout.CONFIG_FILE))));
        Map<String, String> libraryManifest = new TreeMap<>();
        validation
                .deployment()
                .map(Deployment::libraryRefs)
                .orElse(List.of())
                .forEach((AssetRef ref) -> libraryManifest.put(
                        ref.kind().id() + "/" + ref.name(), ref.version().toString()));
        m.put("library_manifest", libraryManifest);
        validation.deployment().ifPresent(d -> m.put("template", d.templateRef().toString()));
        m.put("tarball", tarball.getFileName().toString());
        m.put("tarball_files", fileCount);
        m.put("tarball_sha256", tarballSha);
        m.put(
                "validation",
                validation.hasErrors()
                        ? "skipped with " + validation.errorCount() + " error(s)"
                        : request.skipValidation() ? "skipped" : "passed");
        m.put("version", version);
        whitepaperSha.ifPresent(sha -> m.put("whitepaper_sha256", sha));
        return Yaml.MAPPER.writeValueAsString(m);
    }
}
