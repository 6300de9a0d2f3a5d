package svc.governance.erasure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import svc.config.Json;

class ErasureReceiptTest {

    private static final Instant T0 = Instant.parse("2026-11-22T01:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-22T01:00:02.5Z");
    private final ErasureReceipt receipt =
            ErasureReceipt.issue("cust-42", false, new ErasureCounts(3, 1, 7, 4), T0, T1);

    @Test
    void signatureIsSha256OfTheSortedKeyJsonWithoutTheSignature() throws Exception {
        String canonical =
                "{\"completed_at\":\"2026-11-22T01:00:02.500Z\",\"counts\":{\"conversation_lines_tombstoned\":7,"
                        + "\"dataset_rows\":3,\"files_touched\":4,\"models_nulled\":1},\"dry_run\":false,"
                        + "\"requested_at\":\"2026-11-22T01:00:00Z\",\"subject_id\":\"cust-42\"}";
        assertThat(receipt.canonicalJson()).isEqualTo(canonical);
        String expected = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8)));
        assertThat(receipt.signature()).isEqualTo(expected).hasSize(64);
        assertThat(receipt.verify()).isTrue();
    }

    @Test
    void changingAnyFieldBreaksVerify() {
        String sig = receipt.signature();
        ErasureCounts c = receipt.counts();
        List<ErasureReceipt> altered = List.of(
                new ErasureReceipt("cust-43", false, c, T0, T1, sig),
                new ErasureReceipt("cust-42", true, c, T0, T1, sig),
                new ErasureReceipt("cust-42", false, new ErasureCounts(4, 1, 7, 4), T0, T1, sig),
                new ErasureReceipt("cust-42", false, new ErasureCounts(3, 0, 7, 4), T0, T1, sig),
                new ErasureReceipt("cust-42", false, new ErasureCounts(3, 1, 6, 4), T0, T1, sig),
                new ErasureReceipt("cust-42", false, new ErasureCounts(3, 1, 7, 5), T0, T1, sig),
                new ErasureReceipt("cust-42", false, c, T0.plusMillis(1), T1, sig),
                new ErasureReceipt("cust-42", false, c, T0, T1.plusNanos(1), sig),
                new ErasureReceipt(
                        "cust-42", false, c, T0, T1, sig.replace(sig.charAt(0), sig.charAt(0) == 'a' ? 'b' : 'a')),
                new ErasureReceipt("cust-42", false, c, T0, T1, null));
        assertThat(altered)
                .allSatisfy(r -> assertThat(r.verify()).as(r.toString()).isFalse());
        assertThat(new ErasureReceipt("cust-42", false, c, T0, T1, sig).verify())
                .isTrue();
    }

    @Test
    void receiptSurvivesAJsonRoundTripAsTheApiWouldSendIt() throws Exception {
        var mapper = Json.STRICT;
        String json = mapper.writeValueAsString(receipt);
        assertThat(json)
                .contains(
                        "\"subject_id\":\"cust-42\"",
                        "\"dry_run\":false",
                        "\"dataset_rows\":3",
                        "\"signature\":\"" + receipt.signature() + "\"")
                .doesNotContain("canonical");
        ErasureReceipt back = mapper.readValue(json, ErasureReceipt.class);
        assertThat(back).isEqualTo(receipt);
        assertThat(back.verify()).isTrue();
        assertThat(mapper.readValue(json.replace("\"dataset_rows\":3", "\"dataset_rows\":2"), ErasureReceipt.class)
                        .verify())
                .isFalse();
    }

    @Test
    void blankSubjectIsAValidationError() {
        assertThatThrownBy(() -> ErasureReceipt.issue(" ", true, new ErasureCounts(0, 0, 0, 0), T0, T1))
                .isInstanceOf(InvalidSubjectIdException.class)
                .isInstanceOf(IllegalArgumentException.class);
    }
}
