package svc.deployments.ship;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import svc.config.Json;
import svc.governance.signing.Digests;

/**
 * The CycloneDX 1.5 SBOM of a shipped tarball, {@code svc-<customer>-<version>.cdx.json} beside it:
 * <ul>
 *   <li>{@code metadata.component}: the tarball itself (type {@code application}) with its SHA-256;
 *   <li>one {@code file} component per archive entry, with the SHA-256 of the bytes in the archive
 *       (read back by {@link TarballContents}, not taken from the source tree);
 *   <li>the third-party libraries svc runs with, copied from the build's own SBOM
 *       ({@code cli/target/svc-bom.json}, written by the cyclonedx-maven-plugin during {@code
 *       package}); when that file is absent the SBOM says so in a property instead of guessing.
 * </ul>
 * The serial number is derived from the tarball's digest and the timestamp is the build's, so two
 * ships of the same tree give the same SBOM. Written with Jackson: the document is small and fixed,
 * and cyclonedx-core-java would bring a second JSON-schema validator onto the class path.
 */
public final class ShipSbom {

    public static final String SUFFIX = ".cdx.json";
    /** The build SBOM the plugin writes, relative to the checkout. */
    public static final String BUILD_SBOM = "cli/target/svc-bom.json";

    private ShipSbom() {}

    /** {@code svc-acme-1.0.0.tar.gz} → {@code svc-acme-1.0.0.cdx.json} beside it. */
    public static Path pathFor(Path tarball) {
        String name = tarball.getFileName().toString();
        String base = name.endsWith(".tar.gz") ? name.substring(0, name.length() - ".tar.gz".length()) : name;
        return tarball.resolveSibling(base + SUFFIX);
    }

    /** Writes the SBOM of {@code tarball} and returns its path. */
    public static Path write(Path tarball, String version, String timestamp, Optional<Path> buildSbom)
            throws IOException {
        Path out = pathFor(tarball);
        Files.writeString(
                out,
                Json.pretty().writeValueAsString(build(tarball, version, timestamp, buildSbom)) + "\n",
                StandardCharsets.UTF_8);
        return out;
    }

    static ObjectNode build(Path tarball, String version, String timestamp, Optional<Path> buildSbom)
            throws IOException {
        String tarSha = Digests.sha256Hex(tarball);
        ObjectNode bom = Json.object()
                .put("bomFormat", "CycloneDX")
                .put("specVersion", "1.5")
                .put("serialNumber", "urn:uuid:" + UUID.nameUUIDFromBytes(tarSha.getBytes(StandardCharsets.US_ASCII)))
                .put("version", 1);
        ObjectNode metadata = bom.putObject("metadata").put("timestamp", timestamp);
        metadata.putArray("lifecycles").addObject().put("phase", "build");
        ObjectNode tool = metadata.putObject("tools").putArray("components").addObject();
        tool.put("type", "application").put("name", "svc deploy ship").put("version", version);
        ObjectNode component = metadata.putObject("component")
                .put("type", "application")
                .put("bom-ref", "tarball")
                .put("name", tarball.getFileName().toString())
                .put("version", version);
        hashes(component, tarSha);
        ArrayNode components = bom.putArray("components");
        ArrayNode properties = metadata.putArray("properties");
        for (Map.Entry<String, String> e :
                TarballContents.sha256ByEntry(tarball).entrySet()) {
            ObjectNode file = components
                    .addObject()
                    .put("type", "file")
                    .put("bom-ref", "file:" + e.getKey())
                    .put("name", e.getKey());
            hashes(file, e.getValue());
        }
        if (buildSbom.isPresent() && Files.isRegularFile(buildSbom.get())) {
            JsonNode build = Json.parse(Files.readString(buildSbom.get(), StandardCharsets.UTF_8));
            int libraries = 0;
            for (JsonNode c : build.path("components")) {
                if (c.path("type").asText().equals("library")) {
                    components.add(c.deepCopy());
                    libraries++;
                }
            }
            properties
                    .addObject()
                    .put("name", "svc:libraries")
                    .put(
                            "value",
                            libraries + " from the build SBOM " + BUILD_SBOM + " (" + Digests.sha256Hex(buildSbom.get())
                                    + ")");
        } else {
            properties
                    .addObject()
                    .put("name", "svc:libraries")
                    .put("value", "not listed: " + BUILD_SBOM + " was not built (./mvnw -B package writes it)");
        }
        return bom;
    }

    private static void hashes(ObjectNode component, String sha256) {
        component.putArray("hashes").addObject().put("alg", "SHA-256").put("content", sha256);
    }
}
