package svc.governance.pii;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import svc.config.Json;

/** data/pii/checksum_vectors.json: check digits and validity from python-stdnum and Presidio. */
class ChecksumsTest {

    private static JsonNode vectors;

    @BeforeAll
    static void load() throws IOException {
        vectors = Json.MAPPER.readTree(
                DataFiles.resolve("pii/checksum_vectors.json").toFile());
    }

    @Test
    void verhoeffMatchesTheReferenceVectors() {
        vectors.get("verhoeff")
                .get("check_digit")
                .forEach(v -> assertThat(
                                Checksums.verhoeffCheckDigit(v.get("payload").asText()))
                        .as(v.get("payload").asText())
                        .isEqualTo(v.get("check_digit").asText().charAt(0)));
        vectors.get("verhoeff")
                .get("validate")
                .properties()
                .forEach(e -> assertThat(Checksums.verhoeffValid(e.getKey()))
                        .as(e.getKey())
                        .isEqualTo(e.getValue().asBoolean()));
    }

    @Test
    void luhnMatchesTheReferenceVectors() {
        vectors.get("luhn")
                .get("check_digit")
                .forEach(v -> assertThat(
                                Checksums.luhnCheckDigit(v.get("payload").asText()))
                        .as(v.get("payload").asText())
                        .isEqualTo(v.get("check_digit").asText().charAt(0)));
        vectors.get("luhn")
                .get("validate")
                .properties()
                .forEach(e -> assertThat(Checksums.luhnValid(e.getKey()))
                        .as(e.getKey())
                        .isEqualTo(e.getValue().asBoolean()));
    }

    @Test
    void ibanMod97MatchesTheReferenceVectors() {
        vectors.get("iban_mod97")
                .get("validate")
                .properties()
                .forEach(e -> assertThat(Checksums.ibanMod97Valid(e.getKey()))
                        .as(e.getKey())
                        .isEqualTo(e.getValue().asBoolean()));
    }

    @Test
    void nonDigitsAreNeverValid() {
        assertThat(Checksums.luhnValid("4111-1111")).isFalse();
        assertThat(Checksums.verhoeffValid("")).isFalse();
        assertThat(Checksums.ibanMod97Valid("de89370400440532013000")).isFalse();
    }
}
