package svc.governance.permission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.config.Json;

/**
 * The BFSI write_file rules against the public PII vectors in {@code data/pii} (Presidio and
 * python-stdnum test values). The rules check format only: numbers that are well-formed but
 * fail the Verhoeff check or the PAN holder-type rule are still denied (a false positive costs
 * a retry; the PII guardrail G4 does the checksums).
 */
class BfsiPackVectorsTest {

    private final PermissionEngine engine = PermissionEngine.builder()
            .provider(ProfileRules.of(PermissionPacks.bfsiBaseline()))
            .build();

    private PermissionDecision write(String content) {
        var args = Json.MAPPER.createObjectNode().put("path", "out.txt").put("content", content);
        return engine.decide(PermissionRequest.forAgent("a", Role.OPERATOR, "write_file", args, "run"));
    }

    private static List<JsonNode> vectors(String type) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("../data/pii/pii_vectors.jsonl"))) {
            JsonNode v = Json.MAPPER.readTree(line);
            boolean positive = false;
            for (JsonNode e : v.path("entities")) {
                positive |= type.equals(e.path("type").asText());
            }
            if (positive || type.equals(v.path("negative_of").asText())) {
                out.add(v);
            }
        }
        return out;
    }

    @Test
    void everyAadhaarVectorOfValidFormatIsDenied() throws Exception {
        List<JsonNode> vectors = vectors("AADHAAR");
        assertThat(vectors).hasSize(6);
        for (JsonNode v : vectors) {
            String text = v.get("text").asText();
            String note = v.path("note").asText();
            boolean wellFormed = v.path("entities").size() > 0 || note.contains("Verhoeff check digit wrong");
            PermissionDecision d = write(text);
            assertThat(d.behavior()).as(text + " " + note).isEqualTo(wellFormed ? Behavior.DENY : Behavior.ALLOW);
            if (wellFormed) {
                assertThat(d.winner().orElseThrow().id()).isEqualTo("bfsi-deny-aadhaar");
            }
        }
    }

    @Test
    void everyPanVectorOfValidFormatIsDenied() throws Exception {
        List<JsonNode> vectors = vectors("PAN");
        assertThat(vectors).isNotEmpty();
        for (JsonNode v : vectors) {
            String text = v.get("text").asText();
            String note = v.path("note").asText();
            boolean wellFormed = text.matches(".*\\b[A-Z]{5}[0-9]{4}[A-Z]\\b.*");
            assertThat(wellFormed || v.path("entities").isEmpty()).as(text).isTrue();
            PermissionDecision d = write(text);
            assertThat(d.behavior()).as(text + " " + note).isEqualTo(wellFormed ? Behavior.DENY : Behavior.ALLOW);
        }
    }
}
