package svc.governance.pii;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PiiRedactorTest {

    @Test
    void redactReplacesEachEntityWithItsTypePlaceholder() {
        PiiRedactor.Redaction r =
                PiiRedactor.defaults().redact("mail info@presidio.site, card 4111 1111 1111 1111, from 192.168.0.1.");
        assertThat(r.text()).isEqualTo("mail <EMAIL>, card <CREDIT_CARD>, from <IPV4>.");
        assertThat(r.entities())
                .extracting(PiiEntity::type)
                .containsExactly(PiiType.EMAIL, PiiType.CREDIT_CARD, PiiType.IPV4);
        assertThat(r.changed()).isTrue();
    }

    @Test
    void maskKeepsTheFirstTwoAndLastTwoCharacters() {
        PiiRedactor masker = new PiiRedactor(PiiDetector.defaults(), Map.of(), PiiAction.MASK);
        assertThat(masker.redact("card 4111111111111111").text()).isEqualTo("card 41************11");
        assertThat(PiiAction.MASK.apply(PiiType.PAN, "ab12")).isEqualTo("****");
    }

    @Test
    void hashIsTheTypeAndTheFirstTwelveHexOfSha256() {
        // sha256("info@presidio.site"), computed independently with `printf %s info@presidio.site | sha256sum`
        String hashed = PiiAction.HASH.apply(PiiType.EMAIL, "info@presidio.site");
        assertThat(hashed).isEqualTo("<EMAIL_3e66dc68d1f4>");
        assertThat(PiiAction.HASH.apply(PiiType.EMAIL, "other@presidio.site")).isNotEqualTo(hashed);
    }

    @Test
    void actionsCanDifferPerType() {
        PiiRedactor r =
                new PiiRedactor(PiiDetector.defaults(), Map.of(PiiType.EMAIL, PiiAction.MASK), PiiAction.REDACT);
        assertThat(r.redact("info@presidio.site 078-05-1123").text()).isEqualTo("in**************te <US_SSN>");
    }

    @Test
    void unknownActionNamesSayWhatIsAccepted() {
        assertThat(PiiAction.parse(" Hash ")).isEqualTo(PiiAction.HASH);
        assertThatThrownBy(() -> PiiAction.parse("shred")).hasMessageContaining("redact, mask or hash");
    }

    @Test
    void overlapsGoToHigherConfidenceThenLongerSpanThenRegistrationOrder() {
        Recognizer lowLong = fixed(PiiType.US_PHONE, 0, 10, 0.5);
        Recognizer highShort = fixed(PiiType.EMAIL, 2, 5, 0.9);
        assertThat(new PiiDetector(List.of(lowLong, highShort)).detect("0123456789"))
                .extracting(PiiEntity::type)
                .containsExactly(PiiType.EMAIL);

        Recognizer sameShort = fixed(PiiType.IFSC, 0, 4, 0.8);
        Recognizer sameLong = fixed(PiiType.PAN, 2, 9, 0.8);
        assertThat(new PiiDetector(List.of(sameShort, sameLong)).detect("0123456789"))
                .extracting(PiiEntity::type)
                .containsExactly(PiiType.PAN);

        Recognizer first = fixed(PiiType.IFSC, 0, 5, 0.8);
        Recognizer second = fixed(PiiType.PAN, 3, 8, 0.8);
        assertThat(new PiiDetector(List.of(first, second)).detect("0123456789"))
                .extracting(PiiEntity::type)
                .containsExactly(PiiType.IFSC);
        assertThat(new PiiDetector(List.of(second, first)).detect("0123456789"))
                .extracting(PiiEntity::type)
                .containsExactly(PiiType.PAN);
    }

    @Test
    void aCheckedCardBeatsThePhoneShapedDigitsInsideIt() {
        assertThat(PiiDetector.defaults().detect("pay with 4012888888881881 today"))
                .extracting(PiiEntity::type)
                .containsExactly(PiiType.CREDIT_CARD);
    }

    @Test
    void manyEntitiesInOneTextAreAllFound() {
        String text = "a@b.co ".repeat(5000);
        assertThat(PiiDetector.defaults().detect(text))
                .hasSize(5000)
                .allSatisfy(e -> assertThat(e.type()).isEqualTo(PiiType.EMAIL));
    }

    @Test
    void entitiesCarryTextAndOffsetsIntoTheOriginal() {
        String text = "Contact: ABCPD1234Z / HDFC0002854";
        List<PiiEntity> found = PiiDetector.defaults().detect(text);
        assertThat(found).hasSize(2);
        for (PiiEntity e : found) {
            assertThat(text.substring(e.start(), e.end())).isEqualTo(e.text());
            assertThat(e.confidence()).isBetween(0.0, 1.0);
        }
    }

    private static Recognizer fixed(PiiType type, int start, int end, double confidence) {
        return new Recognizer() {
            @Override
            public PiiType type() {
                return type;
            }

            @Override
            public List<PiiEntity> find(String text) {
                return List.of(new PiiEntity(type, start, end, text.substring(start, end), confidence));
            }
        };
    }
}
