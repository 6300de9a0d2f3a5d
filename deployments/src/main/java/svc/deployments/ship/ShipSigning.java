package svc.deployments.ship;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import svc.config.Json;
import svc.governance.signing.ArtefactSigning;
import svc.governance.signing.Digests;
import svc.governance.signing.ReceiptVerifier;
import svc.governance.signing.Signer;

/**
 * Signs a shipped tarball and its SBOM with the same sidecars as the audit PDF ({@code .sig},
 * {@code .receipt.json}; {@link ArtefactSigning}) and checks them again on the customer's side.
 *
 * <p>{@link #verify} trusts only the public key it is given (never one named in a receipt) and
 * reports every failed check, not only the first: both signatures, the SBOM's digest of the
 * tarball, and each archive entry against the SBOM's file components (changed, missing from the
 * SBOM, or listed but absent).
 */
public final class ShipSigning {

    /** @param failures one line per failed check; empty when everything verified */
    public record Verification(List<String> passed, List<String> failures) {
        public boolean valid() {
            return failures.isEmpty();
        }
    }

    private ShipSigning() {}

    public static void sign(Path tarball, Path sbom, Signer signer) {
        ArtefactSigning.sign(tarball, signer);
        ArtefactSigning.sign(sbom, signer);
    }

    public static Verification verify(Path tarball, PublicKey trusted) {
        List<String> passed = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Path sbom = ShipSbom.pathFor(tarball);
        check("tarball signature", ReceiptVerifier.verify(tarball, trusted), passed, failures);
        if (!Files.isRegularFile(sbom)) {
            failures.add("SBOM: " + sbom.getFileName() + " is missing beside the tarball");
            return new Verification(passed, failures);
        }
        check("SBOM signature", ReceiptVerifier.verify(sbom, trusted), passed, failures);
        JsonNode bom;
        try {
            bom = Json.parse(Files.readString(sbom, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            failures.add("SBOM: " + sbom.getFileName() + " is not readable JSON: " + e.getMessage());
            return new Verification(passed, failures);
        }
        if (!"CycloneDX".equals(bom.path("bomFormat").asText())
                || !"1.5".equals(bom.path("specVersion").asText())) {
            failures.add("SBOM: not a CycloneDX 1.5 document");
        }
        String tarSha = Digests.sha256Hex(tarball);
        String listed = sha256Of(bom.path("metadata").path("component"));
        if (tarSha.equals(listed)) {
            passed.add("SBOM digest of the tarball: sha256 " + tarSha);
        } else {
            failures.add("SBOM digest of the tarball: the SBOM says sha256 " + listed + ", the tarball is " + tarSha);
        }
        Map<String, String> inSbom = new HashMap<>();
        for (JsonNode c : bom.path("components")) {
            if (c.path("type").asText().equals("file")) {
                inSbom.put(c.path("name").asText(), sha256Of(c));
            }
        }
        Map<String, String> inTarball;
        try {
            inTarball = TarballContents.sha256ByEntry(tarball);
        } catch (IOException e) {
            failures.add("tarball: cannot be read as .tar.gz: " + e.getMessage());
            return new Verification(passed, failures);
        }
        int before = failures.size();
        inTarball.forEach((name, sha) -> {
            String expected = inSbom.get(name);
            if (expected == null) {
                failures.add("entry " + name + ": in the tarball, not in the SBOM");
            } else if (!expected.equals(sha)) {
                failures.add("entry " + name + ": sha256 " + sha + " in the tarball, " + expected + " in the SBOM");
            }
        });
        inSbom.keySet().stream()
                .filter(name -> !inTarball.containsKey(name))
                .sorted()
                .forEach(name -> failures.add("entry " + name + ": in the SBOM, not in the tarball"));
        if (failures.size() == before) {
            passed.add("SBOM file digests: " + inTarball.size() + " entries match");
        }
        return new Verification(passed, failures);
    }

    private static void check(String what, ReceiptVerifier.Verification v, List<String> passed, List<String> failures) {
        (v.valid() ? passed : failures).add(what + ": " + v.reason());
    }

    private static String sha256Of(JsonNode component) {
        for (JsonNode h : component.path("hashes")) {
            if (h.path("alg").asText().equals("SHA-256")) {
                return h.path("content").asText();
            }
        }
        return "(none)";
    }
}
