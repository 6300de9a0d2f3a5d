package svc.governance.scrub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConversationScrubberTest {

    private final ConversationScrubber scrubber = ConversationScrubber.defaults();

    @Test
    void stringsAtAnyDepthAreRedactedAndTheLineIsMarked() {
        String line = "{\"seq\":7,\"ts\":\"2026-11-22T00:00:00Z\",\"agent\":\"data_engineer\",\"role\":\"tool\","
                + "\"content\":{\"rows\":[{\"email\":\"info@presidio.site\",\"score\":0.75}],\"note\":\"SSN "
                + "078-05-1123\"}}";
        assertThat(scrubber.scrubLine(line))
                .isEqualTo("{\"seq\":7,\"ts\":\"2026-11-22T00:00:00Z\",\"agent\":\"data_engineer\",\"role\":\"tool\","
                        + "\"content\":{\"rows\":[{\"email\":\"<EMAIL>\",\"score\":0.75}],\"note\":\"SSN <US_SSN>\"},"
                        + "\"_redacted\":true}");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"seq\": 1,   \"content\": \"hello\",  \"n\": 1.50, \"big\": 12345678901234567890}",
                "{\"seq\":2,\"content\":\"accuracy 0.91\",\"unicode\":\"caf\\u00e9\"}",
                "[1, 2, \"three\"]",
                "\"just a string\""
            })
    void linesWithoutPiiStayByteIdentical(String line) {
        assertThat(scrubber.scrubLine(line)).isSameAs(line);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain text with info@presidio.site",
                "{\"unterminated\": \"info@presidio.site\"",
                "{\"a\":1} trailing info@presidio.site",
                "",
                "   "
            })
    void nonJsonLinesAreUntouched(String line) {
        assertThat(scrubber.scrubLine(line)).isSameAs(line);
    }

    @Test
    void aTopLevelArrayIsRedactedWithoutAMarker() {
        assertThat(scrubber.scrubLine("[\"mail info@presidio.site\", 3]")).isEqualTo("[\"mail <EMAIL>\",3]");
    }

    @Test
    void scrubbingIsIdempotent() {
        String once = scrubber.scrubLine("{\"content\":\"card 4111111111111111\"}");
        assertThat(once).isEqualTo("{\"content\":\"card <CREDIT_CARD>\",\"_redacted\":true}");
        assertThat(scrubber.scrubLine(once)).isSameAs(once);
    }
}
