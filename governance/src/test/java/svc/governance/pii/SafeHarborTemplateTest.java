package svc.governance.pii;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import svc.config.Yaml;

/**
 * The HIPAA template's {@code safe_harbor_identifiers} and the Safe Harbor pack say the same thing:
 * every recognizer the template names is a type the pack finds, and every type the pack finds is
 * named under some category. The library module cannot see governance (it sits below it), so the
 * check lives here and reads the template from the source tree.
 */
class SafeHarborTemplateTest {

    private static final String TEMPLATE =
            "library/src/main/resources/svc/library/template/hipaa_baseline/v1.0.0/template.yaml";

    @Test
    void theTemplateNamesExactlyTheTypesThePackFinds() throws IOException {
        JsonNode template = Yaml.MAPPER.readTree(Files.readString(find(TEMPLATE)));
        Set<String> named = new LinkedHashSet<>();
        for (JsonNode category : template.get("safe_harbor_identifiers")) {
            category.path("recognizers").forEach(r -> named.add(r.asText()));
        }
        Set<String> pack = PiiDetector.safeHarbor().recognizers().stream()
                .map(r -> r.type().name())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        // The pack also finds private keys and Indian identifiers: PII, but no Safe Harbor category.
        Set<String> notSafeHarbor =
                EnumSet.of(PiiType.PRIVATE_KEY_BLOCK, PiiType.AADHAAR, PiiType.PAN, PiiType.IFSC).stream()
                        .map(Enum::name)
                        .collect(Collectors.toSet());
        pack.removeAll(notSafeHarbor);
        assertThat(named).containsExactlyInAnyOrderElementsOf(pack);
    }

    @Test
    void categoriesWithoutARecognizerSayWhatAddOnTheyNeed() throws IOException {
        JsonNode template = Yaml.MAPPER.readTree(Files.readString(find(TEMPLATE)));
        assertThat(template.get("safe_harbor_identifiers")).hasSize(18);
        for (JsonNode category : template.get("safe_harbor_identifiers")) {
            if (category.path("recognizers").isEmpty()) {
                assertThat(category.path("not_recognized").asText())
                        .as(category.get("category").asText())
                        .containsAnyOf("NER add-on", "image add-on", "biometric add-on", "review");
            }
        }
    }

    private static Path find(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.exists(dir.resolve(relative))) {
                return dir.resolve(relative);
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException(
                relative + " not found above " + Path.of("").toAbsolutePath());
    }
}
